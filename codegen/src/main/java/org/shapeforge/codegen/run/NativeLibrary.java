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
 * JNI). Libraries stay loaded for the JVM's lifetime (global arena): kernels are cached and reused.
 */
public final class NativeLibrary {
    private static final Linker LINKER = Linker.nativeLinker();
    private final SymbolLookup lookup;
    private final String where;

    private NativeLibrary(SymbolLookup lookup, String where) {
        this.lookup = lookup;
        this.where = where;
    }

    public static NativeLibrary load(Path lib) {
        OpenMpWaitPolicy.apply(); // before libgomp is loaded with the first kernel
        try {
            return new NativeLibrary(SymbolLookup.libraryLookup(lib, Arena.global()), lib.toString());
        } catch (IllegalArgumentException e) {
            throw new CodegenException("cannot load " + lib + ": " + e.getMessage(), e);
        }
    }

    /** Loads a system library by name ({@code libopenblas.so.0}); empty message on failure is never returned. */
    public static NativeLibrary loadSystem(String name) {
        try {
            return new NativeLibrary(SymbolLookup.libraryLookup(name, Arena.global()), name);
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
