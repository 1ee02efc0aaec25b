package org.shapeforge.codegen.c;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Contraction;
import org.shapeforge.codegen.emit.Emitter;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.emit.LoopPlan;
import org.shapeforge.codegen.emit.MergedAxes;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.BinOp;
import org.shapeforge.codegen.ir.Coverage;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;

/**
 * The C emitter: one function {@code void k_NAME(float **args)} per operation, after the prologue
 * resource. Structure (OCANNL's lowering of an {@code Accum_op}):
 * <ol>
 *   <li>the initialization pass of Prop. 7.6(iii), when {@link Coverage#initializationRequired}
 *       — except for contractions on a surjective left-hand side, which initialize in registers;
 *   <li>the loop nest of {@link LoopPlan}: OpenMP {@code parallel for collapse(k)} over the leading
 *       loops that separate output cells, reductions inside, the unit-stride output loop innermost
 *       for the vectorizer; Concat factors as one loop per part, one after the other, the body
 *       re-emitted per block with absent accesses dropped;
 *   <li>the body: {@code L = rhs} (overwrite, or a fold whose left-hand side is injective and
 *       surjective: {@code e op x = x}) or {@code L = L op rhs};
 *   <li>the {@link org.shapeforge.codegen.ir.Epilogue}, if any: a second pass over the non-reduction
 *       factors, {@code L = epilogue} once per cell ({@link CGemm} instead applies it to each tile as
 *       its last reduction block is stored).
 * </ol>
 * Contractions ({@link org.shapeforge.codegen.emit.Contraction}) get {@link CGemm}'s tiled kernel, convolutions
 * ({@link org.shapeforge.codegen.emit.MergedAxes}) its im2col form {@link CMergedGemm}, and either with at most
 * {@link SkinnyShape#MAX_THIN} output points on one side the row-streaming {@link CSkinnyGemm}. Every
 * parallel region is emitted only where its work pays for it ({@link ParallelWork}).
 */
public class CEmitter extends Emitter {
    public CEmitter(Operation op) {
        super(op);
    }

    /** The prologue resource: includes, intrinsic macros, the contraction micro-kernel. */
    public static String prologue() {
        return PROLOGUE;
    }

    /**
     * Read once: every kernel's source starts with it, and an ONNX run emits each of its hundreds of
     * kernels on every run (reading the resource took 30 µs of a small kernel's 72 µs emission).
     */
    private static final String PROLOGUE = resource("prologue.h");

    /** What an operation's name may show in its source comment; the rest becomes '?'. */
    private static final Pattern UNPRINTABLE = Pattern.compile("[^A-Za-z0-9_ .-]");
    /** Whether the last {@link #source} calls the runtime library ({@code gemm.c}'s {@code sf_gemm_tables}). */
    private boolean callsRuntime;


    /** A C resource of this package (the prologue, the FMA peak probe). */
    public static String prologueResource(String name) {
        return resource(name);
    }

    static String resource(String name) {
        try (InputStream in = CEmitter.class.getResourceAsStream("/org/shapeforge/codegen/c/" + name)) {
            if (in == null) throw new IllegalStateException("missing resource " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + name, e);
        }
    }

    /**
     * The source with what it calls of the runtime library appended ({@code gemm.c}): one file that
     * compiles alone, as {@code infer --emit c} writes it. {@link #source} is what a kernel is
     * compiled from, linked against the runtime ({@code codegen.run.CCompiler#runtime}).
     */
    public String standaloneSource() {
        String src = source();
        return callsRuntime ? src + resource("gemm.c") : src;
    }

    @Override
    public String source() {
        callsRuntime = false;
        CodeWriter w = new CodeWriter().raw(prologue());
        w.line("/* operation " + UNPRINTABLE.matcher(op.name()).replaceAll("?") + " */");
        w.open("void " + entry + "(float **restrict sf_args) {");
        int slot = 0;
        for (TensorDecl t : op.tensors()) w.line("float *restrict " + tensorId.get(t.name()) + " = sf_args[" + slot++ + "];");
        var gemm = Contraction.of(op);
        Coverage cov = op.coverage();
        boolean init = cov.initializationRequired(op.update()) && !(gemm.isPresent() && cov.surjective());
        LoopPlan plan = LoopPlan.of(op);
        boolean taps = gemm.isEmpty() && init && op.update().initializeNeutral() && tapsInRegisters(plan, cov);
        if (init && !taps) initPass(w);
        var skinny = gemm.flatMap(g -> SkinnyShape.of(op, g, offset(g.a()), offset(g.b())));
        var merged = gemm.flatMap(g -> MergedAxes.of(op, g));
        if (skinny.isPresent()) {
            new CSkinnyGemm(this, skinny.get()).emit(w, op.update().initializeNeutral() && !init);
            if (op.epilogue().isPresent()) epiloguePass(w, cov);
        } else if (merged.isPresent()) {
            new CMergedGemm(this, merged.get()).emit(w, op.update().initializeNeutral() && !init);
            callsRuntime = true;
            if (op.epilogue().isPresent()) epiloguePass(w, cov); // the im2col form stores whole panels: the epilogue after
        } else if (gemm.isPresent()) {
            boolean applied = new CGemm(this, gemm.get()).emit(w, op.update().initializeNeutral() && !init);
            if (op.epilogue().isPresent() && !applied) epiloguePass(w, cov);
        } else if (taps) {
            tapNest(w, plan, cov);
        } else {
            loops(w, plan, 0, new HashMap<>(), init);
            if (op.epilogue().isPresent()) epiloguePass(w, cov);
        }
        w.close("}");
        return w.toString();
    }

    /** Fills the left-hand side's logical cells with the update's neutral element. */
    private void initPass(CodeWriter w) {
        TensorDecl t = op.tensor(op.lhs().tensor());
        if (t.rank() == 0) {
            w.line(tensorId.get(t.name()) + "[0] = " + literal(op.update().neutral()) + ";");
            return;
        }
        String[] ix = new String[t.rank()];
        if (ParallelWork.pays(t.size())) w.line("#pragma omp parallel for");
        StringBuilder addr = new StringBuilder();
        for (int ax = 0; ax < t.rank(); ax++) {
            ix[ax] = names.fresh('i', "init" + ax);
            w.open("for (long " + ix[ax] + " = 0; " + ix[ax] + " < " + t.dims().get(ax) + "L; " + ix[ax] + "++) {");
            if (!addr.isEmpty()) addr.append(" + ");
            addr.append(t.stride(ax)).append("L*(").append(ix[ax]).append(" + ").append(t.margins().get(ax).left()).append("L)");
        }
        w.line(tensorId.get(t.name()) + "[" + addr + "] = " + literal(op.update().neutral()) + ";");
        for (int ax = 0; ax < t.rank(); ax++) w.close("}");
    }

    /** The most reduction points per cell that {@link #tapNest} folds in a register, unrolled: a 7×7 window's 49 and more. */
    static final long MAX_TAPS = 64;

    /**
     * Whether {@link #tapNest} computes this nest: every factor a single loop, a few reduction
     * points per cell ({@link #MAX_TAPS}: a depthwise convolution's window, a pooling window), the
     * right-hand side not reading the result, and the left-hand side's unit-stride iterator the
     * innermost non-reduction loop, every read at unit stride (or none) along it.
     */
    private boolean tapsInRegisters(LoopPlan plan, Coverage cov) {
        if (plan.contiguous() || plan.reductions() == 0 || op.update().accumulator().isEmpty()) return false;
        for (Factor f : plan.order()) if (!(f instanceof Factor.Single)) return false;
        long points = 1;
        for (Factor f : cov.reductionFactors()) points *= f.vars().getFirst().extent();
        List<Factor> cells = plan.order().stream().filter(f -> !cov.reductionFactors().contains(f)).toList();
        String last = op.lhs().index().isEmpty() ? null : op.lhs().index().getLast().pureIter();
        if (points > MAX_TAPS || last == null || cells.isEmpty() || !cells.getLast().vars().getFirst().symbol().equals(last)) return false;
        // the cells' loop vectorizes at unit stride (or a broadcast) only: a strided window's gathers ran slower so than per tap
        for (Access a : op.rhs().reads()) {
            Linear l = offset(a);
            if (a.tensor().equals(op.lhs().tensor()) || !l.affine() || l.coeff(last) > 1 || l.coeff(last) < 0) return false;
        }
        return true;
    }

    /**
     * A nest with few reduction points per cell, the cell's fold in a register: the cells' loops
     * (the parallel leading ones as in {@link #loops}), then per cell the reduction loops unrolled
     * into one expression chain — the same folds in the same order as the nest's, so the same
     * value bit for bit — and one store, the epilogue applied to it at once. The nest's form
     * zeroed the output, then read and wrote each cell once per tap and once more for the
     * epilogue: a depthwise 3×3 convolution ran at 4 GFLOP/s. With the unit-stride loop innermost
     * among the cells, gcc vectorizes it across cells.
     */
    private void tapNest(CodeWriter w, LoopPlan plan, Coverage cov) {
        List<Factor> red = cov.reductionFactors();
        List<Factor> cells = plan.order().stream().filter(f -> !red.contains(f)).toList();
        List<Factor> taps = plan.order().stream().filter(red::contains).toList();
        for (int pos = 0; pos < cells.size(); pos++) {
            LoopVar v = cells.get(pos).vars().getFirst();
            if (pos == 0 && plan.parallel() > 0 && ParallelWork.pays(op.space().points() * ParallelWork.cost(op.rhs())))
                w.line("#pragma omp parallel for" + (plan.parallel() > 1 ? " collapse(" + plan.parallel() + ")" : "") + " schedule(static)");
            String i = iter(v.symbol());
            w.open("for (long " + i + " = 0; " + i + " < " + v.extent() + "L; " + i + "++) {");
        }
        String acc = fresh("acc");
        w.line("float " + acc + " = " + literal(op.update().neutral()) + ";");
        for (Factor f : taps) {
            LoopVar v = f.vars().getFirst();
            String i = iter(v.symbol());
            w.line("#pragma GCC unroll " + MAX_TAPS);
            w.open("for (long " + i + " = 0; " + i + " < " + v.extent() + "L; " + i + "++) {");
        }
        w.line(acc + " = " + binary(op.update().accumulator().orElseThrow(), acc, expr(op.rhs(), Map.of()).orElseThrow()) + ";");
        for (int t = 0; t < taps.size(); t++) w.close("}");
        w.line(element(op.lhs(), Map.of()).orElseThrow() + " = " + acc + ";");
        if (op.epilogue().isPresent()) w.line(epilogueStore());
        for (int t = 0; t < cells.size(); t++) w.close("}");
    }

    private void loops(CodeWriter w, LoopPlan plan, int pos, Map<Factor, LoopVar> active, boolean initialized) {
        if (pos == plan.order().size()) {
            body(w, active, initialized);
            return;
        }
        if (pos == plan.order().size() - plan.reductions() && lanes(plan, initialized)) {
            laneReduction(w, plan, pos, active);
            return;
        }
        Factor f = plan.order().get(pos);
        switch (f) {
            case Factor.Single(LoopVar v) -> {
                if (pos == 0 && plan.parallel() > 0 && ParallelWork.pays(op.space().points() * ParallelWork.cost(op.rhs())))
                    w.line("#pragma omp parallel for" + (plan.parallel() > 1 ? " collapse(" + plan.parallel() + ")" : "")
                            + " schedule(static)");
                String i = iter(v.symbol());
                w.open("for (long " + i + " = 0; " + i + " < " + v.extent() + "L; " + i + "++) {");
                loops(w, plan, pos + 1, active, initialized);
                w.close("}");
            }
            case Factor.Concat(List<LoopVar> parts) -> {
                for (LoopVar v : parts) {
                    String i = iter(v.symbol());
                    w.line("/* Concat block " + i + " */");
                    w.open("for (long " + i + " = 0; " + i + " < " + v.extent() + "L; " + i + "++) {");
                    Map<Factor, LoopVar> inner = new HashMap<>(active);
                    inner.put(f, v);
                    loops(w, plan, pos + 1, inner, initialized);
                    w.close("}");
                }
            }
        }
    }

    private void body(CodeWriter w, Map<Factor, LoopVar> active, boolean initialized) {
        Optional<String> rhs = expr(op.rhs(), active);
        Optional<Linear> lhs = address(op.lhs(), active);
        if (rhs.isEmpty() || lhs.isEmpty()) {
            w.line("/* absent in this block */");
            return;
        }
        String target = tensorId.get(op.lhs().tensor()) + "[" + lhs.get().render(this::iter) + "]";
        Update u = op.update();
        // without an initialization pass a neutral-initialized fold meets every cell once (Prop. 7.6(iii)): e op x = x
        boolean fold = u.accumulator().isPresent() && (initialized || !u.initializeNeutral());
        if (!fold) w.line(target + " = " + rhs.get() + ";");
        else w.line(target + " = " + binary(u.accumulator().get(), target, rhs.get()) + ";");
    }

    /**
     * Whether the trailing reductions of {@code plan} accumulate in vector lanes: a contiguous
     * reduction ({@link LoopPlan#contiguous}) of single factors folding into the cell's value with an
     * order-free accumulator (MAX, MIN), the innermost at least {@link #MIN_LANE_EXTENT} long.
     */
    private boolean lanes(LoopPlan plan, boolean initialized) {
        Update u = op.update();
        if (!plan.contiguous() || u.accumulator().isEmpty() || !(initialized || !u.initializeNeutral())) return false;
        if (!List.of(BinOp.MAX, BinOp.MIN).contains(u.accumulator().get())) return false; // LoopPlan: order-free folds only
        for (Factor f : plan.order().subList(plan.order().size() - plan.reductions(), plan.order().size()))
            if (!(f instanceof Factor.Single)) return false;
        return plan.order().getLast().vars().getFirst().extent() >= MIN_LANE_EXTENT;
    }

    /** The shortest innermost reduction run in lanes: {@code SF_NR} on AVX2 (below it every point would be remainder). */
    static final long MIN_LANE_EXTENT = 16;

    /**
     * The trailing reductions of a contiguous plan for one cell: {@code SF_NR} lanes start at the
     * accumulator's neutral element, the innermost (unit-stride) loop runs {@code SF_NR} points at a
     * time, one per lane (the vectorizer's straight-line loads and lane-wise folds), the remainder
     * folds into a scalar, the lanes fold into it, and it folds into the cell once (MAX and MIN:
     * the same value in any order).
     */
    private void laneReduction(CodeWriter w, LoopPlan plan, int pos, Map<Factor, LoopVar> active) {
        Optional<String> rhs = expr(op.rhs(), active);
        Optional<Linear> lhs = address(op.lhs(), active);
        if (rhs.isEmpty() || lhs.isEmpty()) {
            w.line("/* absent in this block */");
            return;
        }
        BinOp acc = op.update().accumulator().orElseThrow();
        String neutral = literal(op.update().neutral()), lanes = fresh("lanes"), tail = fresh("tail"), l = fresh("l");
        String target = tensorId.get(op.lhs().tensor()) + "[" + lhs.get().render(this::iter) + "]";
        w.open("{");
        w.line("float " + lanes + "[SF_NR];");
        w.line("for (int " + l + " = 0; " + l + " < SF_NR; " + l + "++) " + lanes + "[" + l + "] = " + neutral + ";");
        w.line("float " + tail + " = " + neutral + ";");
        int last = plan.order().size() - 1;
        for (int p = pos; p < last; p++) {
            LoopVar v = ((Factor.Single) plan.order().get(p)).var();
            String i = iter(v.symbol());
            w.open("for (long " + i + " = 0; " + i + " < " + v.extent() + "L; " + i + "++) {");
        }
        LoopVar u = ((Factor.Single) plan.order().get(last)).var();
        String i = iter(u.symbol()), base = fresh("r0");
        w.line("long " + base + " = 0;");
        w.open("for (; " + base + " + SF_NR <= " + u.extent() + "L; " + base + " += SF_NR) {");
        w.open("for (int " + l + " = 0; " + l + " < SF_NR; " + l + "++) {");
        w.line("const long " + i + " = " + base + " + " + l + ";");
        w.line(lanes + "[" + l + "] = " + binary(acc, lanes + "[" + l + "]", rhs.get()) + ";");
        w.close("}");
        w.close("}");
        w.line("for (long " + i + " = " + base + "; " + i + " < " + u.extent() + "L; " + i + "++) " + tail + " = "
                + binary(acc, tail, rhs.get()) + ";");
        for (int p = pos; p < last; p++) w.close("}");
        w.line("for (int " + l + " = 0; " + l + " < SF_NR; " + l + "++) " + tail + " = " + binary(acc, tail, lanes + "[" + l + "]") + ";");
        w.line(target + " = " + binary(acc, target, tail) + ";");
        w.close("}");
    }

    /** The epilogue's second pass: the non-reduction factors (all Single: checked by {@link Operation}), the store once per cell. */
    private void epiloguePass(CodeWriter w, Coverage cov) {
        int loops = 0;
        for (Factor f : op.space().factors()) {
            if (cov.reductionFactors().contains(f)) continue;
            LoopVar v = f.vars().getFirst();
            if (loops == 0 && ParallelWork.pays(op.tensor(op.lhs().tensor()).size() * ParallelWork.cost(op.epilogue().orElseThrow().expr())))
                w.line("#pragma omp parallel for");
            w.open("for (long " + iter(v.symbol()) + " = 0; " + iter(v.symbol()) + " < " + v.extent() + "L; " + iter(v.symbol()) + "++) {");
            loops++;
        }
        w.line(epilogueStore());
        for (int i = 0; i < loops; i++) w.close("}");
    }

    /** {@code L = epilogue;} with every iterator of the left-hand side bound under its own identifier (for {@link CGemm} too). */
    String epilogueStore() {
        return element(op.lhs(), Map.of()).orElseThrow() + " = " + expr(op.epilogue().orElseThrow().expr(), Map.of()).orElseThrow() + ";";
    }

    /** The identifier of an iterator symbol (for {@link CGemm}: the epilogue binds them). */
    String iterator(String symbol) {
        return iter(symbol);
    }

    /** The identifier of a tensor (for {@link CGemm}). */
    String tensor(String name) {
        return tensorId.get(name);
    }

    /** A fresh identifier (for {@link CGemm}). */
    String fresh(String hint) {
        return names.fresh('v', hint);
    }

    /** The flat offset of an access outside Concat blocks (for {@link CGemm}). */
    Linear offset(Access a) {
        return address(a, Map.of()).orElseThrow();
    }

    Operation operation() {
        return op;
    }
}
