package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.SizeExpr;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.reason.Reasoner;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * Collects the constraints of an imported graph, each with its {@link NodeOrigin}, and mints
 * fresh dimension variables. Sizes from ONNX become terms by {@link #size(long)}: 1 is the
 * claim-free unit (NumPy broadcasting's size-1 axis), n ≥ 2 a default-basis atom.
 *
 * <p>A few shape logics need an input size as a number to choose their case (Slice clamps its
 * bounds to the axis, so which formula applies depends on the size). {@link #sizeOf} reads it
 * from the term when ground, else from a solve of the constraints generated so far (ONNX shapes
 * are determined by the graph inputs, so the size is fixed there); the chosen case is then
 * recorded as a guard constraint, so the final solve re-checks the assumption. That reading is
 * {@link ImportReading}'s; this class keeps the store and the constraint builders.
 */
final class Emitter {
    private final String file;
    private final ShapeSolver solver;
    /** The reasoning service over the import's solver, no assumptions: comparisons of sizes ({@link SizeOrder}). */
    private final Reasoner reasoner;
    private final List<Constraint> constraints = new ArrayList<>();
    private final List<NodeOrigin> origins = new ArrayList<>();
    private final Set<String> dynamic = new LinkedHashSet<>();
    /** The multidirectional broadcasts emitted ({@link #broadcastAll}), in order. */
    private final List<Broadcast> broadcasts = new ArrayList<>();
    /** The axis term each shape expression became ({@code Contents.dim}): one term per expression. */
    final Map<String, Dim> shapeTerms = new HashMap<>();
    /** The expression each fresh term of {@link #shapeTerms} stands for ({@link ShapeTerms#form}). */
    final Map<Dim, SizeForm> termForms = new HashMap<>();
    private int fresh;
    /** Sizes read at import time ({@link #sizeOf}, {@link #numberOf}, {@link #resolve}). */
    private final ImportReading reading = new ImportReading(this);
    /** The import's gaps: unknown extents with their nodes, values of unknown rank. */
    final GapLog gaps = new GapLog();
    /** Values computed in floating point from sizes: name → how many elements, and the least value one takes ({@link RealSizes}). */
    final Map<String, RealSizes.Real> reals = new HashMap<>();
    /** Declarations of dim_params and runtime sizes so far ({@link #dynamic}, {@link #define}). */
    private int declared;

    Emitter(String file, ShapeSolver solver) {
        this.file = file;
        this.solver = solver;
        this.reasoner = Reasoner.over(List.of(solver));
    }

    String file() {
        return file;
    }

    /**
     * The term of size {@code n}; a negative or absurd size (from an attribute or a constant: a
     * kernel_shape of −1, a blocksize of 2^62) is an {@link ImportError} the importer places at
     * the node, never an internal error (issue 32, found by mutation).
     */
    static Dim size(long n) {
        if (n < 0 || n > WellFormed.MAX_ELEMENTS)
            throw ImportError.unplaced("onnx-node", "a size of " + n + " (from an attribute or a constant) is "
                    + (n < 0 ? "negative" : "absurd (more than 2^40)"));
        return n == 1 ? Dim.unit() : Dim.atom(n);
    }

    /** A fresh dimension variable; {@code hint} is a readable prefix (letters and digits only). */
    Dim fresh(String hint) {
        return Dim.var(hint + "_" + (fresh++));
    }

    List<Dim> freshRow(String hint, int rank) {
        List<Dim> out = new ArrayList<>(rank);
        for (int i = 0; i < rank; i++) out.add(fresh(hint));
        return out;
    }

    void dynamic(String name) {
        declared++;
        dynamic.add(name);
    }

    /** Each graph input dim_param (as written in the file) → its variable's name, one-to-one. */
    private final Map<String, String> params = new HashMap<>();

    /**
     * The dynamic variable of graph input dim_param {@code param}: {@code Importer.dimName}'s
     * identifier, with {@code _2}, {@code _3}, … where two different dim_params map to one
     * identifier ({@code batch-size} and {@code batch_size}, {@code βatch} and {@code γatch}), so
     * different symbols in the file never become one variable.
     */
    String param(String param) {
        String have = params.get(param);
        if (have != null) return have;
        String base = Importer.dimName(param), name = base;
        for (int k = 2; params.containsValue(name); k++) name = base + "_" + k;
        params.put(param, name);
        dynamic(name);
        return name;
    }

    /** Each dim_param declared only on outputs or value_info → its (interior) variable's name, one-to-one. */
    private final Map<String, String> declaredParams = new HashMap<>();

    /** The interior variable {@code decl_NAME} of a dim_param no graph input declares ({@code Declared}), one per dim_param. */
    String declaredParam(String param) {
        String have = declaredParams.get(param);
        if (have != null) return have;
        String base = "decl_" + Importer.dimName(param), name = base;
        for (int k = 2; declaredParams.containsValue(name); k++) name = base + "_" + k;
        declaredParams.put(param, name);
        return name;
    }

    /** The variable of a graph input's dim_param {@code param}, if a graph input declares it. */
    Optional<String> inputParam(String param) {
        return Optional.ofNullable(params.get(param));
    }

    /** Whether {@code name} is a graph input's dim_param (or an unknown extent): a symbol, never closed. */
    boolean isDynamic(String name) {
        return dynamic.contains(name);
    }

    /**
     * Runtime sizes: variables whose size an expression over dim_params (and other runtime sizes)
     * defines — the −1 of a Reshape of {@code [batch, 4, 6]} is {@code batch·4}. The variable is an
     * ordinary one, not a {@code dynamic} symbol: its definition is handed to the solver as a size
     * relation, so that a graph constraining it further (Swin's mask reshape
     * {@code [x.size(0) // 64, 64, …]} broadcast against the attention scores) is solved with it,
     * and {@link SymbolicReading} prints the expression in its place.
     */
    private final Map<String, SizeExpr> runtime = new LinkedHashMap<>();

    /**
     * {@code size(v) = meaning} for the solver; {@code v} also a runtime size (read as
     * {@code meaning}) when {@code meaning} mentions a dim_param or a runtime size.
     */
    void define(Dim v, SizeExpr meaning, NodeOrigin o) {
        if (v instanceof Dim.Var(String name, _) && symbolic(meaning)) {
            declared++;
            runtime.put(name, meaning);
        }
        rel(sz(v), Constraint.Rel.EQ, meaning, o);
    }

    /** Whether {@code e} mentions a dim_param or a runtime size. */
    boolean symbolic(SizeExpr e) {
        Set<String> vs = new LinkedHashSet<>();
        SizeVars.vars(e, vs);
        return vs.stream().anyMatch(n -> dynamic.contains(n) || runtime.containsKey(n));
    }

    boolean symbolic(Dim d) {
        Set<String> vs = new LinkedHashSet<>();
        SizeVars.dimVars(d, vs);
        return vs.stream().anyMatch(n -> dynamic.contains(n) || runtime.containsKey(n));
    }

    List<Broadcast> broadcasts() {
        return Collections.unmodifiableList(broadcasts);
    }

    Map<String, SizeExpr> runtime() {
        return Collections.unmodifiableMap(runtime);
    }

    private Span span() {
        return new Span(file, 0, 0);
    }

    void add(Constraint c, NodeOrigin o) {
        constraints.add(c);
        origins.add(o);
    }

    /** {@code a = b}: the axes must be identical (no broadcasting). */
    void eq(Dim a, Dim b, NodeOrigin o) {
        if (a.equals(b)) return;
        add(new Constraint.DimEq(a, b, span()), o);
        Dim ra = find(a), rb = find(b);
        if (!ra.equals(rb)) same.put(ra, rb);
    }

    void eqAll(List<Dim> a, List<Dim> b, NodeOrigin o) {
        if (a.size() != b.size()) throw new IllegalStateException("rank mismatch " + a + " vs " + b);
        for (int i = 0; i < a.size(); i++) eq(a.get(i), b.get(i), o);
    }

    /**
     * NumPy broadcasting as the broadcast order: {@code result ⊑ operand} on rows whose marker is
     * at the front, so a shorter operand is broadcast on the left (Def. 2.3) and a unit axis
     * broadcasts to anything (Prop. 1.3).
     */
    void broadcast(List<Dim> result, List<Dim> operand, NodeOrigin o) {
        add(new Constraint.RowLe(Row.literal(result), Row.literal(operand), span()), o);
    }

    /**
     * Broadcasting of several operands into {@code result}: {@link #broadcast} for each, and where
     * only one operand has an axis other than the ground unit (the others lack it or have 1), the
     * result axis is that operand's ({@code =}): NumPy's result there is exactly it, also when
     * it is a symbolic {@code dim_param} that closing would otherwise leave below its cap.
     */
    void broadcastAll(List<Dim> result, List<List<Dim>> operands, List<NodeOrigin> os) {
        for (int k = 0; k < operands.size(); k++) broadcast(result, operands.get(k), os.get(k));
        broadcasts.add(new Broadcast(result, operands, os.getFirst()));
        int r = result.size();
        for (int i = 0; i < r; i++) {
            int only = -1, count = 0;
            for (int k = 0; k < operands.size(); k++) {
                List<Dim> op = operands.get(k);
                int j = i - (r - op.size());
                if (j < 0 || op.get(j) instanceof Dim.Unit) continue;
                count++;
                only = k;
            }
            if (count == 1) {
                List<Dim> op = operands.get(only);
                eq(result.get(i), op.get(i - (r - op.size())), os.get(only).as(os.get(only).role() + ", the only non-unit axis " + i));
            } else if (count == 0) {
                eq(result.get(i), Dim.unit(), os.getFirst().as("axis " + i + ": every operand has 1 or lacks it"));
            } else {
                sameTerm(result, operands, os, i);
            }
        }
    }

    /**
     * Equal operand axes broadcast to themselves: when every operand having axis {@code i} has a
     * term the import equated ({@link #eq}) with the others' — SiLU's {@code x * Sigmoid(x)},
     * a residual {@code a + a} — the result axis is that term. {@code out ⊑ in_k} alone admits
     * any size there when the axis may be the unit 1∅ (a pooled {@code [b, c, 1, 1]} through a
     * 1×1 convolution): closing chose the spatial 16 of a later broadcast for efficientnet's
     * squeeze-excitation, where ONNX's result is the operands' own size.
     */
    private void sameTerm(List<Dim> result, List<List<Dim>> operands, List<NodeOrigin> os, int i) {
        int r = result.size();
        Dim first = null;
        NodeOrigin at = null;
        for (int m = 0; m < operands.size(); m++) {
            List<Dim> op = operands.get(m);
            int j = i - (r - op.size());
            if (j < 0 || op.get(j) instanceof Dim.Unit) continue;
            if (first == null) {
                first = op.get(j);
                at = os.get(m);
            } else if (!find(first).equals(find(op.get(j)))) return;
        }
        if (first != null) eq(result.get(i), first, at.as(at.role() + ", axis " + i + " equal in every operand"));
    }

    /** The representative of {@code d}'s class under the equalities {@link #eq} emitted (union-find). */
    private Dim find(Dim d) {
        Dim root = d;
        for (Dim up = same.get(root); up != null; up = same.get(root)) root = up;
        return root;
    }

    /** Equalities emitted so far, as a union-find forest (a term to its parent); one direction only. */
    private final Map<Dim, Dim> same = new HashMap<>();

    /** {@code left REL right} over sizes (basis ignored). */
    void rel(SizeExpr left, Constraint.Rel rel, SizeExpr right, NodeOrigin o) {
        add(new Constraint.SizeRel(left, rel, right, span()), o);
    }

    void range(Dim d, long lo, long hi, NodeOrigin o) {
        add(new Constraint.SizeIn(new SizeExpr.Size(d), lo, hi, span()), o);
    }

    static SizeExpr sz(Dim d) {
        return new SizeExpr.Size(d);
    }

    static SizeExpr lit(long n) {
        return new SizeExpr.Lit(n);
    }

    /** {@code k·e}; a factor beyond ±2^40 (an absurd attribute) is an {@link ImportError} placed at the node. */
    static SizeExpr times(long k, SizeExpr e) {
        if (Math.abs(k) > WellFormed.MAX_ELEMENTS || k == Long.MIN_VALUE)
            throw ImportError.unplaced("onnx-node", "a factor of " + k + " (from an attribute or a constant) is absurd (more than 2^40)");
        return k == 1 ? e : new SizeExpr.Mul(lit(k), e);
    }

    static SizeExpr plus(SizeExpr a, SizeExpr b) {
        return new SizeExpr.Add(a, b);
    }

    static SizeExpr product(List<Dim> ds) {
        SizeExpr e = null;
        for (Dim d : ds) e = e == null ? sz(d) : new SizeExpr.Mul(e, sz(d));
        return e == null ? lit(1) : e;
    }

    /** {@link ImportReading#sizeOf}: the size of {@code d} as a number, or an {@link ImportError} at {@code o}. */
    long sizeOf(Dim d, NodeOrigin o, String why) {
        return reading.sizeOf(d, o, why);
    }

    /** {@link ImportReading#numberOf}: the size of {@code d} where the constraints so far give a number. */
    OptionalLong numberOf(Dim d, NodeOrigin o, String why) {
        return reading.numberOf(d, o, why);
    }

    /** {@link ImportReading#resolve}: what the constraints so far make of axis term {@code d}. */
    Dim resolve(Dim d, NodeOrigin o) {
        return reading.resolve(d, o);
    }

    /** The constraints and declarations as a problem for any solver. */
    Problem problem() {
        return problem(constraints);
    }

    /** The constraints {@code cs} (some of this emitter's) and the declarations as a problem. */
    Problem problem(List<Constraint> cs) {
        List<Statement> st = new ArrayList<>(cs);
        if (!dynamic.isEmpty())
            st.add(new Declaration(Declaration.Provenance.DYNAMIC,
                    dynamic.stream().map(n -> new Declaration.VarRef(n, false)).toList(), span()));
        return new Problem(file, st);
    }

    List<Constraint> constraints() {
        return List.copyOf(constraints);
    }

    /** The constraints so far, live (for {@link ImportReading}: read, never changed there). */
    List<Constraint> constraintsSoFar() {
        return Collections.unmodifiableList(constraints);
    }

    /** How many declarations of dim_params and runtime sizes were made so far (a presolve holds while it is unchanged). */
    int declarations() {
        return declared;
    }

    /** The dim_params and runtime sizes, live. */
    Set<String> dynamicSoFar() {
        return Collections.unmodifiableSet(dynamic);
    }

    ShapeSolver solver() {
        return solver;
    }

    Reasoner reasoner() {
        return reasoner;
    }

    List<NodeOrigin> origins() {
        return List.copyOf(origins);
    }

    Set<String> dynamicNames() {
        return Set.copyOf(dynamic);
    }
}
