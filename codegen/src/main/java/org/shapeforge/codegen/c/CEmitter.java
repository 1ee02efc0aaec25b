package org.shapeforge.codegen.c;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Emitter;
import org.shapeforge.codegen.emit.Linear;
import org.shapeforge.codegen.emit.LoopPlan;
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
 * Contractions ({@link org.shapeforge.codegen.emit.Contraction}) get {@link CGemm}'s tiled kernel.
 */
public class CEmitter extends Emitter {
    /** Work (points of the product space) below which OpenMP stays off. */
    static final long PARALLEL_THRESHOLD = 1 << 15;

    public CEmitter(Operation op) {
        super(op);
    }

    /** The prologue resource: includes, intrinsic macros, the contraction micro-kernel. */
    public static String prologue() {
        return resource("prologue.h");
    }

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

    @Override
    public String source() {
        CodeWriter w = new CodeWriter().raw(prologue());
        w.line("/* operation " + op.name().replaceAll("[^A-Za-z0-9_ .-]", "?") + " */");
        w.open("void " + entry + "(float **restrict sf_args) {");
        int slot = 0;
        for (TensorDecl t : op.tensors()) w.line("float *restrict " + tensorId.get(t.name()) + " = sf_args[" + slot++ + "];");
        var gemm = org.shapeforge.codegen.emit.Contraction.of(op);
        Coverage cov = op.coverage();
        boolean init = cov.initializationRequired(op.update()) && !(gemm.isPresent() && cov.surjective());
        if (init) initPass(w);
        if (gemm.isPresent()) new CGemm(this, gemm.get()).emit(w, op.update().initializeNeutral() && !init);
        else {
            nest(w, init);
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
        if (t.size() >= PARALLEL_THRESHOLD) w.line("#pragma omp parallel for");
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

    private void nest(CodeWriter w, boolean initialized) {
        LoopPlan plan = LoopPlan.of(op);
        loops(w, plan, 0, new HashMap<>(), initialized);
    }

    private void loops(CodeWriter w, LoopPlan plan, int pos, Map<Factor, LoopVar> active, boolean initialized) {
        if (pos == plan.order().size()) {
            body(w, active, initialized);
            return;
        }
        Factor f = plan.order().get(pos);
        switch (f) {
            case Factor.Single(LoopVar v) -> {
                if (pos == 0 && plan.parallel() > 0 && op.space().points() >= PARALLEL_THRESHOLD)
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

    /** The epilogue's second pass: the non-reduction factors (all Single: checked by {@link Operation}), the store once per cell. */
    private void epiloguePass(CodeWriter w, Coverage cov) {
        int loops = 0;
        for (Factor f : op.space().factors()) {
            if (cov.reductionFactors().contains(f)) continue;
            LoopVar v = f.vars().getFirst();
            if (loops == 0 && op.tensor(op.lhs().tensor()).size() >= PARALLEL_THRESHOLD) w.line("#pragma omp parallel for");
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
    Linear offset(org.shapeforge.codegen.ir.Access a) {
        return address(a, Map.of()).orElseThrow();
    }

    Operation operation() {
        return op;
    }
}
