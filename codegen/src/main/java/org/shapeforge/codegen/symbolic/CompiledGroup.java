package org.shapeforge.codegen.symbolic;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.NativeLibrary;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;

/**
 * A {@link GroupKernel} compiled once (gcc, through {@link CCompiler}'s cache) and called through
 * the Foreign Function &amp; Memory API with the sizes of each call: {@link #run} binds the dynamic
 * dims, checks the inputs' lengths against the extents they give, and returns every output.
 */
public final class CompiledGroup {
    private final GroupKernel kernel;
    private final Path library;
    private final MethodHandle handle;

    private CompiledGroup(GroupKernel kernel, Path library, MethodHandle handle) {
        this.kernel = kernel;
        this.library = library;
        this.handle = handle;
    }

    public static CompiledGroup compile(GroupKernel k, CCompiler cc) {
        Path lib = cc.compile(k.source());
        MethodHandle h = NativeLibrary.loadResident(lib).function(GroupKernel.ENTRY,
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        return new CompiledGroup(k, lib, h);
    }

    /** The shared library: one per kernel source, whatever the sizes it is called with. */
    public Path library() {
        return library;
    }

    /** Runs with {@code sizes} for the dynamic dims; inputs dense row-major; returns each output. */
    public Map<String, float[]> run(Map<String, Long> sizes, Map<String, float[]> inputs) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment sz = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, kernel.params().size()));
            for (int k = 0; k < kernel.params().size(); k++) {
                Long v = sizes.get(kernel.params().get(k));
                if (v == null || v < 1) throw new CodegenException("size " + kernel.params().get(k) + " is not bound to a positive number");
                sz.setAtIndex(ValueLayout.JAVA_LONG, k, v);
            }
            int n = kernel.inputs().size() + kernel.outputs().size();
            MemorySegment args = arena.allocate(ValueLayout.ADDRESS, n);
            Map<String, MemorySegment> outs = new LinkedHashMap<>();
            int a = 0;
            for (String t : kernel.inputs()) {
                float[] data = inputs.get(t);
                long len = elements(kernel.shapes().get(t), sizes);
                if (data == null || data.length != len)
                    throw new CodegenException("input " + t + " needs " + len + " elements at " + sizes + ", got "
                            + (data == null ? "none" : data.length));
                MemorySegment m = arena.allocate(ValueLayout.JAVA_FLOAT, Math.max(1, len));
                MemorySegment.copy(data, 0, m, ValueLayout.JAVA_FLOAT, 0, data.length);
                args.setAtIndex(ValueLayout.ADDRESS, a++, m);
            }
            for (String t : kernel.outputs()) {
                MemorySegment m = arena.allocate(ValueLayout.JAVA_FLOAT, Math.max(1, elements(kernel.shapes().get(t), sizes)));
                outs.put(t, m);
                args.setAtIndex(ValueLayout.ADDRESS, a++, m);
            }
            handle.invokeExact(sz, args);
            Map<String, float[]> result = new LinkedHashMap<>();
            outs.forEach((t, m) -> result.put(t, m.asSlice(0, elements(kernel.shapes().get(t), sizes) * Float.BYTES)
                    .toArray(ValueLayout.JAVA_FLOAT)));
            return result;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** The number of elements of a shape under the sizes (every extent exact). */
    public static long elements(SymbolicShape s, Map<String, Long> sizes) {
        long n = 1;
        for (ShapeExtent e : GroupKernel.axes(s))
            n = Math.multiplyExact(n, ((ShapeExtent.Exact) e).expr().eval(sizes)
                    .orElseThrow(() -> new CodegenException("an extent of " + s.printed() + " is unbound at " + sizes)));
        return n;
    }
}
