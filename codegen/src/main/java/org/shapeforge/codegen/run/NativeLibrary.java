package org.shapeforge.codegen.run;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;

/**
 * A loaded shared library and downcalls into it through the Foreign Function &amp; Memory API (no
 * JNI). A library loaded from a file ({@link #load}) stays loaded while this object is reachable
 * (an automatic arena; the caller keeps it beside the handles it takes), then is unloaded: a process that runs model
 * after model (a benchmark of 36 real networks loaded 10,000 kernels) does not keep every one —
 * each takes several memory mappings, and Linux allows 65,530 a process. System libraries stay
 * loaded (global arena), as does one loaded by {@link #loadResident}.
 */
public final class NativeLibrary {
    private static final Linker LINKER = Linker.nativeLinker();
    private final SymbolLookup lookup;
    private final String where;
    /** The arena the library is loaded in: held here so that it lives as long as this object. */
    private final Arena arena;

    private NativeLibrary(SymbolLookup lookup, String where, Arena arena) {
        this.lookup = lookup;
        this.where = where;
        this.arena = arena;
    }

    public static NativeLibrary load(Path lib) {
        OpenMpWaitPolicy.apply(); // before libgomp is loaded with the first kernel
        try {
            Arena arena = Arena.ofAuto();
            return new NativeLibrary(SymbolLookup.libraryLookup(lib, arena), lib.toString(), arena);
        } catch (IllegalArgumentException e) {
            throw new CodegenException("cannot load " + lib + ": " + e.getMessage(), e);
        }
    }

    /**
     * Loads {@code lib} for the JVM's lifetime (global arena): for a caller that keeps only a
     * handle from it, not this object.
     */
    public static NativeLibrary loadResident(Path lib) {
        OpenMpWaitPolicy.apply();
        try {
            return new NativeLibrary(SymbolLookup.libraryLookup(lib, Arena.global()), lib.toString(), Arena.global());
        } catch (IllegalArgumentException e) {
            throw new CodegenException("cannot load " + lib + ": " + e.getMessage(), e);
        }
    }

    /** Loads a system library by name ({@code libopenblas.so.0}); empty message on failure is never returned. */
    public static NativeLibrary loadSystem(String name) {
        try {
            return new NativeLibrary(SymbolLookup.libraryLookup(name, Arena.global()), name, Arena.global());
        } catch (IllegalArgumentException e) {
            throw new CodegenException("cannot load " + name + ": " + e.getMessage(), e);
        }
    }

    /** A downcall handle for {@code symbol} with the given C signature. */
    public MethodHandle function(String symbol, FunctionDescriptor fd) {
        MemorySegment addr = lookup.find(symbol).orElseThrow(() -> new CodegenException("no symbol " + symbol + " in " + where));
        return LINKER.downcallHandle(addr, fd);
    }

    /** {@code void symbol(float **args)}: the signature of every generated C kernel. */
    public MethodHandle kernel(String symbol) {
        return function(symbol, FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));
    }
}
