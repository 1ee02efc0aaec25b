package org.shapeforge.codegen.symbolic;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.run.Buffers;
import org.shapeforge.codegen.run.CCompiler;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.codegen.run.HostTensor;
import org.shapeforge.codegen.run.NativeLibrary;
import org.shapeforge.program.dynamic.ExtentExpr;

/**
 * One operation's C with its sizes as runtime parameters ({@link SymbolicCEmitter}): every tensor
 * dim is the symbolic extent of its axis ({@link SymbolicSizes#shapes()}), every loop extent that of
 * a tensor axis the loop iterates whole ({@code Iter(s)}). {@link #choose} builds it from the
 * operation's loop IR at one binding and checks every expression against that IR's numbers, so a
 * symbolic kernel computes what the specialised one would; {@link Loaded#run} calls the library compiled
 * once per source ({@link CCompiler}'s cache) with the binding's sizes.
 */
public final class SymbolicKernel {
    private final String source, entry;
    private final List<String> params;
    private final List<Guard> guards;

    /**
     * A condition the kernel checks at entry, before any buffer is read or written: {@code c}, a C
     * condition over the size parameters, and the {@code relation} it states as the user reads it.
     * A kernel's guards, in order: each size parameter at least 1, the program's domain over the
     * parameters it reads ({@link SymbolicSizes#domain()}), each symbolic tensor extent at least 1.
     */
    public record Guard(String c, String relation) {}

    private SymbolicKernel(String source, String entry, List<String> params, List<Guard> guards) {
        this.source = source;
        this.entry = entry;
        this.params = List.copyOf(params);
        this.guards = List.copyOf(guards);
    }

    /** The conditions the kernel checks at entry, in the order of the number it returns for each. */
    public List<Guard> guards() {
        return guards;
    }

    /** The C source (the compile cache's key). */
    public String source() {
        return source;
    }

    public String entry() {
        return entry;
    }

    /** The dynamic dims the kernel reads, in the order of its {@code sizes} argument. */
    public List<String> params() {
        return params;
    }

    /**
     * The symbolic kernel of {@code ir} (the loop IR of one operation at {@code sizes.binding()}),
     * or {@link KernelChoice.Specialised} with the first reason it cannot be: a tensor without a
     * symbolic shape, an axis that is not exact, an expression whose value at the binding is not the
     * IR's number, a loop over a dynamic extent that iterates no tensor axis whole.
     */
    public static KernelChoice choose(Operation ir, SymbolicSizes sizes) {
        Map<String, List<ExtentExpr>> dims = new LinkedHashMap<>();
        for (TensorDecl t : ir.tensors()) {
            List<Optional<ExtentExpr>> axes = sizes.shapes().get(t.name());
            if (axes == null) return new KernelChoice.Specialised(ir, "tensor " + t.name() + " has no symbolic shape"
                    + (sizes.shapes().isEmpty() ? " (the unbound program's symbolic inference gives none)" : ""));
            if (axes.size() != t.rank())
                return new KernelChoice.Specialised(ir, "tensor " + t.name() + " has " + axes.size()
                        + " symbolic axes but the operation addresses " + t.rank());
            List<ExtentExpr> ds = new ArrayList<>();
            for (int a = 0; a < t.rank(); a++) {
                if (axes.get(a).isEmpty())
                    return new KernelChoice.Specialised(ir, "axis " + a + " of " + t.name() + " is not an exact extent");
                ExtentExpr e = axes.get(a).get();
                Optional<Long> v = e.eval(sizes.binding());
                if (v.isEmpty() || v.get() != (long) t.dims().get(a))
                    return new KernelChoice.Specialised(ir, "axis " + a + " of " + t.name() + " is " + e.printed() + " = "
                            + v.map(String::valueOf).orElse("unbound") + " at " + sizes.binding() + ", the operation's is "
                            + t.dims().get(a));
                ds.add(e);
            }
            dims.put(t.name(), ds);
        }
        List<Access> accesses = new ArrayList<>();
        accesses.add(ir.lhs());
        accesses.addAll(ir.reads());
        Map<String, ExtentExpr> extents = new LinkedHashMap<>();
        for (Factor f : ir.space().factors())
            for (LoopVar v : f.vars()) {
                Optional<ExtentExpr> e = iterated(v, accesses, dims, sizes.binding());
                if (e.isEmpty()) {
                    if (mentionsParam(dims, sizes.params()))
                        return new KernelChoice.Specialised(ir, "the loop over " + v.symbol() + " (extent " + v.extent()
                                + ") iterates no tensor axis whole, so its extent is not known as an expression");
                    e = Optional.of(ExtentExpr.of(v.extent())); // an operation with no dynamic extent at all
                }
                extents.put(v.symbol(), e.get());
            }
        Set<String> used = new TreeSet<>();
        dims.values().forEach(ds -> ds.forEach(d -> SizeExprC.dims(d, used)));
        extents.values().forEach(d -> SizeExprC.dims(d, used));
        List<String> params = new ArrayList<>();
        for (String p : sizes.params()) if (used.contains(p)) params.add(p);
        if (!sizes.params().containsAll(used))
            return new KernelChoice.Specialised(ir, "an extent reads " + used + ", not only the dynamic dims " + sizes.params());
        Map<String, String> extentC = new HashMap<>();
        extents.forEach((s, e) -> extentC.put(s, SizeExprC.of(e, params)));
        Map<String, List<String>> dimsC = new HashMap<>();
        dims.forEach((t, ds) -> dimsC.put(t, ds.stream().map(e -> SizeExprC.of(e, params)).toList()));
        List<Guard> guards = guards(params, sizes, dims, dimsC);
        SymbolicCEmitter em;
        try {
            em = new SymbolicCEmitter(ir, params, extentC, dimsC, guards);
        } catch (CodegenException e) {
            return new KernelChoice.Specialised(ir, e.getMessage());
        }
        return new KernelChoice.Symbolic(ir, new SymbolicKernel(em.source(), em.entry(), params, guards));
    }

    private static List<Guard> guards(List<String> params, SymbolicSizes sizes, Map<String, List<ExtentExpr>> dims,
            Map<String, List<String>> dimsC) {
        List<Guard> out = new ArrayList<>();
        Set<String> stated = new LinkedHashSet<>(); // one guard per condition, the first source kept
        for (String p : params)
            if (stated.add(p + " >= 1")) out.add(new Guard("sz_" + p + " >= INT64_C(1)", p + " >= 1 (a size)"));
        Set<String> read = new LinkedHashSet<>(params);
        for (SizeGuard g : sizes.domain())
            if (g.over(read) && stated.add(g.condition().toString())) out.add(new Guard(SymSizeC.of(g.condition(), params), g.relation()));
        dims.forEach((t, ds) -> {
            for (int a = 0; a < ds.size(); a++) {
                Set<String> used = new TreeSet<>();
                SizeExprC.dims(ds.get(a), used);
                if (!used.isEmpty() && stated.add(ds.get(a).printed() + " >= 1"))
                    out.add(new Guard(dimsC.get(t).get(a) + " >= INT64_C(1)", ds.get(a).printed() + " >= 1 (axis " + a + " of " + t
                            + ", an extent)"));
            }
        });
        return List.copyOf(out);
    }

    private static Optional<ExtentExpr> iterated(LoopVar v, List<Access> accesses, Map<String, List<ExtentExpr>> dims,
            Map<String, Long> binding) {
        for (Access a : accesses)
            for (int ax = 0; ax < a.index().size(); ax++)
                if (v.symbol().equals(a.index().get(ax).pureIter())) {
                    ExtentExpr e = dims.get(a.tensor()).get(ax);
                    if (e.eval(binding).filter(x -> x == v.extent()).isPresent()) return Optional.of(e);
                }
        return Optional.empty();
    }

    private static boolean mentionsParam(Map<String, List<ExtentExpr>> dims, List<String> params) {
        Set<String> used = new LinkedHashSet<>();
        dims.values().forEach(ds -> ds.forEach(d -> SizeExprC.dims(d, used)));
        return used.stream().anyMatch(params::contains);
    }

    /** The kernel compiled (or found in {@code cc}'s cache) and loaded. */
    public Loaded load(CCompiler cc) {
        MethodHandle h = NativeLibrary.loadResident(cc.compile(source)).function(entry,
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS, ValueLayout.ADDRESS));
        return new Loaded(h);
    }

    /** A loaded kernel: callable at any binding. */
    public final class Loaded {
        private final MethodHandle handle;

        private Loaded(MethodHandle handle) {
            this.handle = handle;
        }

        /**
         * Runs {@code ir} (the operation's loop IR at {@code binding}, which sizes the buffers) with
         * the binding's sizes passed in; {@code inputs} as {@code CKernel#run}'s; returns the
         * left-hand side. A binding the kernel's guards refuse is a {@link GuardFailure} naming the
         * relation (the kernel returned before touching a buffer).
         */
        public HostTensor run(Operation ir, Map<String, Long> binding, Map<String, HostTensor> inputs, double lhsFill) {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment sz = arena.allocate(ValueLayout.JAVA_LONG, Math.max(1, params.size()));
                for (int k = 0; k < params.size(); k++) {
                    Long v = binding.get(params.get(k));
                    if (v == null) throw new CodegenException("size " + params.get(k) + " is not bound");
                    sz.setAtIndex(ValueLayout.JAVA_LONG, k, v);
                }
                MemorySegment args = arena.allocate(ValueLayout.ADDRESS, ir.tensors().size());
                Map<String, MemorySegment> bufs = new HashMap<>();
                int i = 0;
                for (TensorDecl t : ir.tensors()) {
                    HostTensor h = inputs.get(t.name());
                    if (h == null && !t.name().equals(ir.lhs().tensor()))
                        throw new CodegenException("operation " + ir.name() + ": no input for tensor " + t.name());
                    MemorySegment m = Buffers.upload(t, h, lhsFill, arena);
                    bufs.put(t.name(), m);
                    args.setAtIndex(ValueLayout.ADDRESS, i++, m);
                }
                long refused = (long) handle.invokeExact(sz, args);
                if (refused != 0) {
                    Map<String, Long> at = new LinkedHashMap<>();
                    for (String p : params) at.put(p, binding.get(p));
                    throw new GuardFailure(ir.name(), guards.get((int) refused - 1).relation(), at);
                }
                return Buffers.download(ir.tensor(ir.lhs().tensor()), bufs.get(ir.lhs().tensor()));
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }
    }
}
