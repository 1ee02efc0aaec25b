package org.shapeforge.codegen.symbolic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.c.ParallelWork;
import org.shapeforge.codegen.emit.CodeWriter;
import org.shapeforge.codegen.emit.Emitter;
import org.shapeforge.codegen.emit.LoopPlan;
import org.shapeforge.codegen.ir.Access;
import org.shapeforge.codegen.ir.Factor;
import org.shapeforge.codegen.ir.Index;
import org.shapeforge.codegen.ir.LoopVar;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.ir.TensorDecl;
import org.shapeforge.codegen.ir.Update;

/**
 * The C of one operation whose sizes are runtime parameters: {@code int64_t k_NAME(const int64_t
 * *sf_sizes, float **sf_args)} reads the dynamic dims from {@code sf_sizes} (in {@code params}
 * order), checks its {@code guards} before it touches a buffer (returning the 1-based number of the
 * first that fails, whose relation {@code const char *k_NAME_guard(int64_t)} returns; 0 once the
 * operation ran: {@link SymbolicKernel.Guard}), computes every loop extent and tensor dim from them ({@code extents}, {@code dims}: C
 * {@code int64_t} expressions over {@code sz_NAME}, e.g. {@code (sz_batch * sz_seq)}), and every
 * row-major stride from the dims and the (constant) margins, so one compiled library serves every
 * binding. Structure as {@link CEmitter}'s generic nest (initialization pass of Prop. 7.6(iii),
 * {@link LoopPlan}'s order, Concat blocks, the same scalar intrinsics), without {@code CGemm}'s
 * tiling, which picks its tiles from the numbers; OpenMP runs the parallel-safe leading loops
 * when the work at run time pays for a region, by {@link ParallelWork}'s measure (the product
 * space's points times the body's cost, at least {@code 2^20}), as the concrete kernels decide it
 * when they are emitted. Numbers that the IR holds
 * apart from extents (index offsets and coefficients, margins, Concat positions past symbolic
 * parts) are the binding's: a caller shares a source between bindings only where they agree.
 */
final class SymbolicCEmitter extends Emitter {
    private final List<String> params;
    private final Map<String, String> extentC;
    private final Map<String, List<String>> dimsC;
    private final Map<String, String> extentId = new HashMap<>();
    private final Map<String, List<String>> strideId = new HashMap<>();
    private final List<SymbolicKernel.Guard> guards;

    /**
     * @param extents every loop symbol's extent as C
     * @param dims every tensor's logical dims as C, in storage order
     * @param guards the conditions checked at entry, in order
     */
    SymbolicCEmitter(Operation op, List<String> params, Map<String, String> extents, Map<String, List<String>> dims,
            List<SymbolicKernel.Guard> guards) {
        super(op);
        if (op.epilogue().isPresent()) // issue 29's epilogues come from the ONNX runtime's concrete kernels only
            throw new IllegalArgumentException(op.name() + ": the symbolic emitter does not apply an epilogue");
        this.params = List.copyOf(params);
        this.extentC = Map.copyOf(extents);
        this.dimsC = Map.copyOf(dims);
        this.guards = List.copyOf(guards);
        for (Factor f : op.space().factors()) for (LoopVar v : f.vars()) extentId.put(v.symbol(), names.fresh('e', v.symbol()));
        for (TensorDecl t : op.tensors()) {
            List<String> ids = new ArrayList<>();
            for (int a = 0; a < t.rank(); a++) ids.add(names.fresh('d', t.name() + " stride " + a));
            strideId.put(t.name(), ids);
        }
    }

    @Override
    public String source() {
        CodeWriter w = new CodeWriter().raw(CEmitter.prologue());
        w.line("#include <stdint.h>");
        w.raw(SymSizeC.HELPERS);
        String name = op.name().replaceAll("[^A-Za-z0-9_ .-]", "?");
        w.line("/* operation " + name + ", sizes as parameters: " + (params.isEmpty() ? "none" : String.join(", ", params)) + " */");
        w.line("/* the relation of guard k (1 <= k <= " + guards.size() + ") of " + entry + ", which returns k when its sizes violate it */");
        w.open("static const char *const " + entry + "_guards[] = {");
        for (SymbolicKernel.Guard g : guards) w.line("\"" + cString(g.relation()) + "\",");
        w.line("\"\"");
        w.close("};");
        w.open("const char *" + entry + "_guard(int64_t k) {");
        w.line("return k >= 1 && k <= " + guards.size() + " ? " + entry + "_guards[k - 1] : (const char *)0;");
        w.close("}");
        w.line("/* 0: the operation ran; k > 0: guard k failed and no buffer was read or written */");
        w.open("int64_t " + entry + "(const int64_t *restrict sf_sizes, float **restrict sf_args) {");
        for (int k = 0; k < params.size(); k++) w.line("const int64_t sz_" + params.get(k) + " = sf_sizes[" + k + "];");
        for (int k = 0; k < guards.size(); k++) w.line("if (!(" + guards.get(k).c() + ")) return INT64_C(" + (k + 1) + ");");
        int slot = 0;
        for (TensorDecl t : op.tensors()) w.line("float *restrict " + tensorId.get(t.name()) + " = sf_args[" + slot++ + "];");
        StringBuilder points = new StringBuilder("INT64_C(1)");
        for (Factor f : op.space().factors()) {
            StringBuilder sum = new StringBuilder();
            for (LoopVar v : f.vars()) {
                w.line("const int64_t " + extentId.get(v.symbol()) + " = " + extentC.get(v.symbol()) + ";");
                sum.append(sum.isEmpty() ? "" : " + ").append(extentId.get(v.symbol()));
            }
            points.append(" * (").append(sum).append(')');
        }
        w.line("const int64_t sf_points = " + points + ";");
        for (TensorDecl t : op.tensors()) {
            List<String> ids = strideId.get(t.name());
            for (int a = t.rank() - 1; a >= 0; a--)
                w.line("const int64_t " + ids.get(a) + " = " + (a == t.rank() - 1 ? "INT64_C(1)"
                        : ids.get(a + 1) + " * " + physical(t, a + 1)) + ";");
        }
        w.line("(void) sf_points;");
        boolean init = op.coverage().initializationRequired(op.update());
        if (init) initPass(w);
        loops(w, LoopPlan.of(op), 0, new HashMap<>(), init);
        w.line("return INT64_C(0);");
        w.close("}");
        return w.toString();
    }

    /** {@code s} inside a C string literal: backslash and quote escaped, control characters as spaces. */
    private static String cString(String s) {
        StringBuilder sb = new StringBuilder();
        for (char ch : s.toCharArray()) {
            if (ch == '\\' || ch == '"') sb.append('\\').append(ch);
            else sb.append(ch < ' ' ? ' ' : ch);
        }
        return sb.toString();
    }

    private String physical(TensorDecl t, int a) {
        TensorDecl.Margin m = t.margins().get(a);
        String d = dimsC.get(t.name()).get(a);
        return m.left() + m.right() == 0 ? d : "(" + d + " + INT64_C(" + (m.left() + m.right()) + "))";
    }

    private void initPass(CodeWriter w) {
        TensorDecl t = op.tensor(op.lhs().tensor());
        if (t.rank() == 0) {
            w.line(tensorId.get(t.name()) + "[0] = " + literal(op.update().neutral()) + ";");
            return;
        }
        StringBuilder addr = new StringBuilder();
        for (int ax = 0; ax < t.rank(); ax++) {
            String i = names.fresh('i', "init" + ax);
            w.open("for (int64_t " + i + " = 0; " + i + " < " + dimsC.get(t.name()).get(ax) + "; " + i + "++) {");
            if (!addr.isEmpty()) addr.append(" + ");
            addr.append(strideId.get(t.name()).get(ax)).append("*(").append(i).append(" + ").append(t.margins().get(ax).left()).append(')');
        }
        w.line(tensorId.get(t.name()) + "[" + addr + "] = " + literal(op.update().neutral()) + ";");
        for (int ax = 0; ax < t.rank(); ax++) w.close("}");
    }

    private void loops(CodeWriter w, LoopPlan plan, int pos, Map<Factor, LoopVar> active, boolean initialized) {
        if (pos == plan.order().size()) {
            body(w, active, initialized);
            return;
        }
        Factor f = plan.order().get(pos);
        switch (f) {
            case Factor.Single(LoopVar v) -> {
                if (pos == 0 && plan.parallel() > 0)
                    w.line("#pragma omp parallel for" + (plan.parallel() > 1 ? " collapse(" + plan.parallel() + ")" : "")
                            + " schedule(static) if(sf_points >= " + ParallelWork.leastPoints(ParallelWork.cost(op.rhs())) + ")");
                String i = iter(v.symbol());
                w.open("for (int64_t " + i + " = 0; " + i + " < " + extentId.get(v.symbol()) + "; " + i + "++) {");
                loops(w, plan, pos + 1, active, initialized);
                w.close("}");
            }
            case Factor.Concat(List<LoopVar> parts) -> {
                for (LoopVar v : parts) {
                    String i = iter(v.symbol());
                    w.line("/* Concat block " + i + " */");
                    w.open("for (int64_t " + i + " = 0; " + i + " < " + extentId.get(v.symbol()) + "; " + i + "++) {");
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
        Optional<String> target = element(op.lhs(), active);
        if (rhs.isEmpty() || target.isEmpty()) {
            w.line("/* absent in this block */");
            return;
        }
        Update u = op.update();
        boolean fold = u.accumulator().isPresent() && (initialized || !u.initializeNeutral());
        if (!fold) w.line(target.get() + " = " + rhs.get() + ";");
        else w.line(target.get() + " = " + binary(u.accumulator().get(), target.get(), rhs.get()) + ";");
    }

    /** {@code T[Σ stride_a·(left_a + index_a)]} with the strides computed at entry; empty where the access is absent. */
    @Override
    protected Optional<String> element(Access a, Map<Factor, LoopVar> active) {
        TensorDecl t = op.tensor(a.tensor());
        List<String> terms = new ArrayList<>();
        for (int ax = 0; ax < t.rank(); ax++) {
            Optional<String> coord = coordinate(a.index().get(ax), active);
            if (coord.isEmpty()) return Optional.empty();
            String c = coord.get();
            int left = t.margins().get(ax).left();
            if (left != 0) c = c + " + " + left;
            terms.add(strideId.get(t.name()).get(ax) + "*(" + c + ")");
        }
        return Optional.of(tensorId.get(a.tensor()) + "[" + (terms.isEmpty() ? "0" : String.join(" + ", terms)) + "]");
    }

    private Optional<String> coordinate(Index ix, Map<Factor, LoopVar> active) {
        return switch (ix) {
            case Index.Affine(List<Index.Term> terms, int offset) -> {
                StringBuilder sb = new StringBuilder();
                for (Index.Term term : terms) {
                    if (!activeIn(term.symbol(), active)) yield Optional.empty();
                    if (!sb.isEmpty()) sb.append(" + ");
                    sb.append(term.coeff() == 1 ? iter(term.symbol()) : term.coeff() + "*" + iter(term.symbol()));
                }
                if (offset != 0 || sb.isEmpty()) sb.append(sb.isEmpty() ? "" : " + ").append('(').append(offset).append(')');
                yield Optional.of(sb.toString());
            }
            case Index.Concat(List<String> symbols) -> {
                StringBuilder before = new StringBuilder();
                for (String s : symbols) {
                    if (activeIn(s, active)) yield Optional.of((before.isEmpty() ? "" : before + " + ") + iter(s));
                    before.append(before.isEmpty() ? "" : " + ").append(extentId.get(s));
                }
                yield Optional.empty();
            }
            case Index.Gathered(Access at, int extent) -> element(at, active).map(e -> "sf_gix(" + e + ", " + extent + "L)");
        };
    }

    private boolean activeIn(String symbol, Map<Factor, LoopVar> active) {
        Factor f = op.space().factorOf(symbol).orElseThrow();
        return !(f instanceof Factor.Concat) || active.get(f) != null && active.get(f).symbol().equals(symbol);
    }
}
