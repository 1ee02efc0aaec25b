package org.shapeforge.codegen.cuda;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Emitter;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Coverage;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;
import org.shapeforge.codegen.run.CodegenException;

/**
 * The CUDA emitter (overrides the base's literal hook; shares its addressing and intrinsics):
 * <ul>
 *   <li>an initialization kernel, one thread per left-hand side cell, where Prop. 7.6(iii)
 *       requires it and the main kernel cannot initialize in registers (non-surjective LHS);
 *   <li>contractions ({@link Contraction}): {@link CudaGemm}'s shared-memory tiled kernel (unless
 *       the emitter was made by {@link #perPoint}, the baseline the tiled kernel is measured against);
 *   <li>otherwise one thread per point of the non-reduction factors that separate the left-hand
 *       side's cells ({@link Coverage#separates}), the reduction loops inside the thread with a
 *       register accumulator; a Concat factor's blocks are an if-chain on the thread's coordinate.
 *       A non-reduction iterator that does not separate (a transposed convolution's
 *       {@code stride·i + k}) is a loop inside the thread that folds into the left-hand side in
 *       global memory, after the initialization kernel: no two threads share a cell, so no atomics.
 * </ul>
 * An operation past one launch's grid is refused ({@link CudaRefusal}, thrown as a
 * {@link CodegenException} by {@link #source}). An operation's
 * {@link org.shapeforge.codegen.ir.Epilogue} (issue 29) is a launch of its own after the main one,
 * one thread per finished cell.
 */
public class CudaEmitter extends Emitter {
    static final int BLOCK = 256;
    private final List<CudaLaunch> launches = new ArrayList<>();
    private final boolean tiledContractions;

    public CudaEmitter(Operation op) {
        this(op, true);
    }

    private CudaEmitter(Operation op, boolean tiledContractions) {
        super(op);
        this.tiledContractions = tiledContractions;
    }

    /**
     * An emitter that gives contractions, too, one thread per output point with the reduction in a
     * register (no {@link CudaGemm}): the baseline of {@code CudaMatmulBench} and a second launch
     * path for the GPU tests. Other operations get the same kernels as {@link #CudaEmitter(Operation)}.
     */
    public static CudaEmitter perPoint(Operation op) {
        return new CudaEmitter(op, false);
    }

    public static String prologue() {
        try (InputStream in = CudaEmitter.class.getResourceAsStream("/org/shapeforge/codegen/cuda/prologue.cuh")) {
            if (in == null) throw new IllegalStateException("missing resource prologue.cuh");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The source and its launches. */
    public CudaProgram program() {
        String src = source();
        return new CudaProgram(src, launches);
    }

    @Override
    public String source() {
        launches.clear();
        CudaRefusal.of(op).ifPresent(r -> {
            throw new CodegenException(r.message());
        });
        CodeWriter w = new CodeWriter().raw(prologue());
        // the tiled kernel runs batch points on the grid's z and m tiles on its y (at most 65535 each), has no outer
        // reduction loop and was checked on a GPU with Iter/Fix indices only (a convolution's affine ones take the generic kernel)
        Optional<Contraction> gemm = tiledContractions
                ? Contraction.of(op).filter(g -> g.outerK().isEmpty() && g.batchPoints(op) <= 65535 && g.iteratorsOnly()
                        && op.space().var(g.m()).orElseThrow().extent() <= 65535L * 64)
                : Optional.empty();
        Coverage cov = op.coverage();
        boolean init = cov.initializationRequired(op.update()) && !cov.surjective();
        if (init) initKernel(w);
        if (gemm.isPresent()) launches.add(new CudaGemm(this, gemm.get()).emit(w, op.update().initializeNeutral()));
        else launches.add(pointKernel(w));
        if (op.epilogue().isPresent()) launches.add(epilogueKernel(w, cov));
        return w.toString();
    }

    /**
     * The {@link org.shapeforge.codegen.ir.Epilogue}'s launch, after the main one (issue 29): one
     * thread per point of the non-reduction factors (all Single: {@link Operation} checks it), each
     * applying {@code L = epilogue} to its finished cell once — C's second pass
     * ({@code CEmitter.epiloguePass}) on the grid.
     */
    private CudaLaunch epilogueKernel(CodeWriter w, Coverage cov) {
        List<LoopVar> cells = new ArrayList<>();
        for (Factor f : op.space().factors()) if (!cov.reductionFactors().contains(f)) cells.add(f.vars().getFirst());
        long total = 1;
        for (LoopVar v : cells) total = Math.multiplyExact(total, v.extent());
        String name = names.fresh('k', op.name() + "_epilogue");
        w.open(signature(name));
        w.line("long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;");
        w.line("if (sf_q >= " + total + "L) return;");
        for (int i = cells.size() - 1; i >= 0; i--) {
            LoopVar v = cells.get(i);
            w.line("const long " + iter(v.symbol()) + " = sf_q % " + v.extent() + "L; sf_q /= " + v.extent() + "L;");
        }
        w.line(element(op.lhs(), Map.of()).orElseThrow() + " = " + expr(op.epilogue().orElseThrow().expr(), Map.of()).orElseThrow() + ";");
        w.close("}");
        return new CudaLaunch(name, Math.max(1, (total + BLOCK - 1) / BLOCK), 1, 1, BLOCK, 1, 1);
    }

    @Override
    protected String literal(double v) {
        float f = (float) v;
        if (Float.isNaN(f)) return "SF_NAN";
        if (Float.isInfinite(f)) return f > 0 ? "SF_INF" : "(-SF_INF)";
        return super.literal(v);
    }

    /** {@code extern "C" __global__ void NAME(float *__restrict__ t_a, …)}. */
    String signature(String name) {
        StringBuilder sb = new StringBuilder("extern \"C\" __global__ void " + name + "(");
        boolean first = true;
        for (TensorDecl t : op.tensors()) {
            if (!first) sb.append(", ");
            first = false;
            sb.append("float *__restrict__ ").append(tensorId.get(t.name()));
        }
        return sb.append(") {").toString();
    }

    private void initKernel(CodeWriter w) {
        TensorDecl t = op.tensor(op.lhs().tensor());
        String name = names.fresh('k', op.name() + "_init");
        w.open(signature(name));
        w.line("long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;");
        w.line("if (sf_q >= " + t.size() + "L) return;");
        StringBuilder addr = new StringBuilder("0L");
        for (int ax = t.rank() - 1; ax >= 0; ax--) {
            String x = names.fresh('i', "init" + ax);
            w.line("long " + x + " = sf_q % " + t.dims().get(ax) + "L; sf_q /= " + t.dims().get(ax) + "L;");
            addr.append(" + ").append(t.stride(ax)).append("L*(").append(x).append(" + ").append(t.margins().get(ax).left()).append("L)");
        }
        w.line(tensorId.get(t.name()) + "[" + addr + "] = " + literal(op.update().neutral()) + ";");
        w.close("}");
        launches.add(new CudaLaunch(name, (t.size() + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1));
    }

    private CudaLaunch pointKernel(CodeWriter w) {
        Coverage cov = op.coverage();
        List<Factor> par = new ArrayList<>(), ser = new ArrayList<>(), red = new ArrayList<>(cov.reductionFactors());
        for (Factor f : op.space().factors()) if (!red.contains(f)) (serial(f) ? ser : par).add(f);
        long total = 1;
        for (Factor f : par) total = Math.multiplyExact(total, f.points());
        w.open(signature(entry));
        w.line("long sf_q = (long)blockIdx.x * blockDim.x + threadIdx.x;");
        w.line("if (sf_q >= " + total + "L) return;");
        Map<Factor, String> coord = new HashMap<>();
        for (int i = par.size() - 1; i >= 0; i--) {
            Factor f = par.get(i);
            String x = f instanceof Factor.Single(LoopVar v) ? iter(v.symbol()) : names.fresh('q', "concat" + i);
            w.line("const long " + x + " = sf_q % " + f.points() + "L; sf_q /= " + f.points() + "L;");
            coord.put(f, x);
        }
        blocks(w, par, 0, coord, new HashMap<>(), ser, red);
        w.close("}");
        return new CudaLaunch(entry, Math.max(1, (total + BLOCK - 1) / BLOCK), 1, 1, BLOCK, 1, 1);
    }

    /** Resolves the parallel Concat factors' blocks (an if-chain each), then emits the thread's work. */
    private void blocks(CodeWriter w, List<Factor> par, int pos, Map<Factor, String> coord, Map<Factor, LoopVar> active,
                        List<Factor> ser, List<Factor> red) {
        if (pos == par.size()) {
            work(w, active, ser, red);
            return;
        }
        Factor f = par.get(pos);
        if (!(f instanceof Factor.Concat(List<LoopVar> parts))) {
            blocks(w, par, pos + 1, coord, active, ser, red);
            return;
        }
        long start = 0;
        for (int b = 0; b < parts.size(); b++) {
            LoopVar v = parts.get(b);
            String cond = coord.get(f) + " < " + (start + v.extent()) + "L";
            w.open((b == 0 ? "if (" + cond + ") {" : b == parts.size() - 1 ? "else {" : "else if (" + cond + ") {"));
            w.line("const long " + iter(v.symbol()) + " = " + coord.get(f) + " - " + start + "L;");
            Map<Factor, LoopVar> inner = new HashMap<>(active);
            inner.put(f, v);
            blocks(w, par, pos + 1, coord, inner, ser, red);
            w.close("}");
            start += v.extent();
        }
    }

    /**
     * A non-reduction iterator that does not separate the left-hand side's cells
     * ({@link Coverage#separates}; a transposed convolution's {@code stride·i + k}): the thread
     * runs it as a loop and folds each point into the left-hand side in global memory. Threads
     * differ in some separating iterator, hence write disjoint cells: no atomics are needed. Such
     * an iterator appears on the left-hand side only inside a sum, so the left-hand side is not
     * surjective ({@link Coverage}) and the initialization kernel runs first.
     */
    private boolean serial(Factor f) {
        return f instanceof Factor.Single(LoopVar v) && v.extent() > 1 && !Coverage.separates(op.lhs(), v.symbol());
    }

    /**
     * The thread's work: the reduction loops into a register, then the store; inside the serial
     * loops, if any, each point's reduction is folded into the left-hand side (initialised by the
     * initialization kernel, or folding into existing contents), as the operation's accumulator
     * says (Prop. 7.6: a non-injective left-hand side has one).
     */
    private void work(CodeWriter w, Map<Factor, LoopVar> active, List<Factor> ser, List<Factor> red) {
        Optional<Linear> lhs = address(op.lhs(), active);
        if (lhs.isEmpty()) {
            w.line("/* left-hand side absent in this block */");
            return;
        }
        String target = tensorId.get(op.lhs().tensor()) + "[" + lhs.get().render(this::iter) + "]";
        Update u = op.update();
        if (!ser.isEmpty()) {
            for (Factor f : ser)
                for (LoopVar v : f.vars()) w.open("for (long " + iter(v.symbol()) + " = 0; " + iter(v.symbol()) + " < " + v.extent() + "L; "
                        + iter(v.symbol()) + "++) {");
            BinOp fold = u.accumulator().orElseThrow();
            if (red.isEmpty()) {
                expr(op.rhs(), active).ifPresent(rhs -> w.line(target + " = " + binary(fold, target, rhs) + ";"));
            } else {
                String acc = names.fresh('r', "acc");
                w.line("float " + acc + " = " + literal(u.neutral()) + ";");
                reduce(w, red, 0, active, acc);
                w.line(target + " = " + binary(fold, target, acc) + ";");
            }
            for (Factor f : ser) for (LoopVar v : f.vars()) w.close("}");
            return;
        }
        if (red.isEmpty()) {
            Optional<String> rhs = expr(op.rhs(), active);
            if (rhs.isEmpty()) return;
            boolean fold = u.accumulator().isPresent() && !u.initializeNeutral();
            w.line(target + " = " + (fold ? binary(u.accumulator().get(), target, rhs.get()) : rhs.get()) + ";");
            return;
        }
        String acc = names.fresh('r', "acc");
        w.line("float " + acc + " = " + (u.initializeNeutral() ? literal(u.neutral()) : target) + ";");
        reduce(w, red, 0, active, acc);
        w.line(target + " = " + acc + ";");
    }

    private void reduce(CodeWriter w, List<Factor> red, int pos, Map<Factor, LoopVar> active, String acc) {
        if (pos == red.size()) {
            expr(op.rhs(), active).ifPresent(rhs -> w.line(acc + " = " + binary(op.update().accumulator().orElseThrow(), acc, rhs) + ";"));
            return;
        }
        Factor f = red.get(pos);
        for (LoopVar v : f.vars()) {
            String i = iter(v.symbol());
            w.open("for (long " + i + " = 0; " + i + " < " + v.extent() + "L; " + i + "++) {");
            Map<Factor, LoopVar> inner = active;
            if (f instanceof Factor.Concat) {
                inner = new HashMap<>(active);
                inner.put(f, v);
            }
            reduce(w, red, pos + 1, inner, acc);
            w.close("}");
        }
    }

    String tensor(String name) {
        return tensorId.get(name);
    }

    String fresh(String hint) {
        return names.fresh('v', hint);
    }

    Linear offset(Access a) {
        return address(a, Map.of()).orElseThrow();
    }

    Operation operation() {
        return op;
    }
}
