package org.shapeforge.solve;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.shapeforge.collect.FrozenMap;
import org.shapeforge.collect.Lazy;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Declaration;
import org.shapeforge.lang.Interning;
import org.shapeforge.lang.Printer;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Renaming;
import org.shapeforge.lang.Span;
import org.shapeforge.lang.Statement;
import org.shapeforge.solve.close.StageTrace;
import org.shapeforge.solver.Failure;
import org.shapeforge.solver.FailureKind;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolvedForm;
import org.shapeforge.solver.SymbolicSizes;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;
import org.shapeforge.term.sym.SymCondition;
import org.shapeforge.term.sym.SymSize;

/**
 * The input in a canonical order and with canonical names, so that the native solver's answer
 * cannot depend on the order of constraints or declarations, or on names (issue 10).
 *
 * <p><b>Why.</b> The staged solver commits choices the semantics leaves free — marker placements
 * of open–open bindings (Remark 2.11: a policy, "first binder wins", Remark 2.15(v)), the
 * resolution of deferred word equations one at a time (Def. 4.3(c)/(d)), least-material splits of
 * a sum between unknowns — and "first" was the input order; tie-breaks by name made the names
 * matter too. Seed 003 accepts placement as policy (Thm. 5.6's fix-a-strategy caveat); fixing
 * the strategy here means the strategy may read only the structure of Φ. So the input is sorted
 * by colour refinement ({@link ColourRefinement}): constraints by their signatures, variables
 * renamed in order of first occurrence in the sorted list. Every choice rule downstream then
 * decides by a structural key, and the answer is mapped back to the user's names and constraints.
 *
 * <p><b>Symmetric choices are refused (policy).</b> Where refinement is stable and leaves two
 * variables in one colour class, no structural key tells them apart (e.g. {@code 3 = c ^ b}:
 * c + b = 3 with nothing else on b or c). If the closed values then differ between such variables
 * (c = 1, b = 2), the answer would name one of two symmetric models by the input order; it is
 * refused instead: {@code Unknown} with a {@link FailureKind#POLICY} failure naming the variables
 * — the same refusal in every order (the oracle counts it as a policy rejection, never a
 * disagreement). Values equal across each class are kept.
 *
 * <p><b>Limits.</b> Inputs of more than {@link #LIMIT} constraints, or with terms nested past
 * {@link TermDepth#LIMIT}, are solved as given; refinement that does not become stable within
 * its budget still sorts, but ties then fall back to the input order and no symmetric choice is
 * refused. Colour refinement can leave non-symmetric variables tied on rare regular structures
 * (a 1-WL limit); those fall back to the input order too.
 */
final class CanonicalOrder {
    /** Above this many constraints the input is solved as given (sorting would also reorder the engine's work). */
    static final int LIMIT = 10_000;
    /** Occurrence visits refinement may spend, per constraint of the input. */
    private static final long BUDGET_PER_CONSTRAINT = 64;
    private static final Pattern NAME = Pattern.compile("[\u023C\u023B][0-9]+");

    private final Problem problem;
    private final Map<String, String> back; // canonical name → original (dims and rows: distinct prefixes)
    private final IdentityHashMap<Constraint, Constraint> original; // constraint solved → the user's (the solved form's residual)
    private final int[] order; // index of a constraint solved → index of the user's (a failure's indices)
    private final List<String> dimOrder, rowOrder; // original names in order of first sight
    private final String[] dimCanon, rowCanon; // their canonical names, index for index
    private final List<List<String>> tiedDims, tiedRows; // canonical names; empty unless refinement is stable
    private final List<Constraint> input; // the user's constraints, in the user's order
    // only a refusal reads this: built on demand from the input's occurrences
    private final Lazy<Map<String, BitSet>> mentions; // canonical name → indices of the user's constraints mentioning it

    private CanonicalOrder(Problem problem, Map<String, String> back, IdentityHashMap<Constraint, Constraint> original,
            int[] order, List<Constraint> input, int[][] occ, String[] canon, InputVars vars,
            List<List<String>> tiedDims, List<List<String>> tiedRows) {
        this.problem = problem;
        this.back = back;
        this.original = original;
        this.order = order;
        this.input = input;
        this.dimOrder = vars.dimOrder();
        this.rowOrder = vars.rowOrder();
        this.dimCanon = vars.dimIds().stream().map(v -> canon[v]).toArray(String[]::new);
        this.rowCanon = vars.rowIds().stream().map(v -> canon[v]).toArray(String[]::new);
        this.tiedDims = tiedDims;
        this.tiedRows = tiedRows;
        this.mentions = Lazy.of(() -> {
            Map<String, BitSet> m = new HashMap<>();
            for (int i = 0; i < input.size(); i++)
                for (int v : occ[i]) m.computeIfAbsent(canon[v], k -> new BitSet()).set(i);
            return m;
        });
    }

    /** The canonical form, or empty when the input is solved as given (see Limits). */
    static Optional<CanonicalOrder> of(Problem p) {
        List<Constraint> cs = p.constraints();
        if (cs.size() > LIMIT) return Optional.empty();
        for (Constraint c : cs) if (TermDepth.of(c) > TermDepth.LIMIT) return Optional.empty();
        InputVars vars = new InputVars();
        int nc = cs.size();
        long[] skeleton = new long[nc];
        int[][] occ = new int[nc][];
        InputVars.Seen seen = vars.new Seen();
        for (int i = 0; i < nc; i++) {
            skeleton[i] = ColourRefinement.hash(Printer.print(Renaming.constraint(cs.get(i), seen)));
            occ[i] = seen.take();
        }
        List<Declaration> decls = p.declarations();
        for (Declaration d : decls) for (Declaration.VarRef v : d.vars()) vars.of(v); // declared only: ids after the constraints'
        int nv = vars.size();
        int[] tags = new int[nv];
        for (Declaration d : decls) for (Declaration.VarRef v : d.vars()) tags[vars.of(v)] |= 1 << d.kind().ordinal();
        long[] initial = new long[nv];
        for (int v = 0; v < nv; v++) initial[v] = ColourRefinement.mix((vars.isRow(v) ? 0x100 : 0x200) + tags[v]);
        var r = ColourRefinement.run(skeleton, occ, initial, BUDGET_PER_CONSTRAINT * Math.max(nc, 16));

        Integer[] order = new Integer[nc];
        for (int i = 0; i < nc; i++) order[i] = i;
        long[] sig = r.signature();
        Arrays.sort(order, (a, b) -> sig[a] != sig[b] ? Long.compare(sig[a], sig[b]) : Integer.compare(a, b));
        int[] rank = new int[nv];
        Arrays.fill(rank, -1);
        int next = 0;
        for (int i : order) for (int v : occ[i]) if (rank[v] < 0) rank[v] = next++;
        List<Integer> rest = new ArrayList<>(); // declared only: ordered by colour, then name (such variables close alike)
        for (int v = 0; v < nv; v++) if (rank[v] < 0) rest.add(v);
        rest.sort((a, b) -> r.colour()[a] != r.colour()[b] ? Long.compare(r.colour()[a], r.colour()[b]) : vars.name(a).compareTo(vars.name(b)));
        for (int v : rest) rank[v] = next++;
        int width = String.valueOf(Math.max(nv - 1, 0)).length();
        String[] canon = new String[nv];
        Map<String, String> back = HashMap.newHashMap(nv);
        for (int v = 0; v < nv; v++) {
            canon[v] = canonicalName(vars.isRow(v), rank[v], width);
            back.put(canon[v], vars.name(v));
        }

        List<Statement> out = new ArrayList<>(nc + Declaration.Provenance.values().length);
        for (Declaration.Provenance kind : Declaration.Provenance.values()) {
            List<Declaration.VarRef> vs = new ArrayList<>();
            for (Declaration d : decls)
                if (d.kind() == kind) for (Declaration.VarRef v : d.vars()) vs.add(new Declaration.VarRef(canon[vars.of(v)], v.row()));
            vs = vs.stream().distinct().sorted(Comparator.comparing(Declaration.VarRef::name)).toList();
            if (!vs.isEmpty()) out.add(new Declaration(kind, vs, firstSpan(decls, kind)));
        }
        int firstConstraint = out.size();
        // renamed by replaying each constraint's occurrences in the traversal order recorded above: no name lookups
        Replay replay = new Replay(canon);
        for (int i : order) out.add(Renaming.constraint(cs.get(i), replay.of(occ[i])));
        List<List<String>> tiedDims = new ArrayList<>(), tiedRows = new ArrayList<>();
        if (r.stable()) {
            Map<Long, List<String>> classes = new LinkedHashMap<>();
            int[] byRank = new int[nv];
            for (int v = 0; v < nv; v++) byRank[rank[v]] = v;
            for (int v : byRank) classes.computeIfAbsent(r.colour()[v], k -> new ArrayList<>()).add(canon[v]);
            for (List<String> cl : classes.values())
                if (cl.size() > 1) (cl.getFirst().charAt(0) == '\u023B' ? tiedRows : tiedDims).add(List.copyOf(cl));
        }
        // interned as a front end would (one term per variable, ids in the solver's order of first
        // sight): the solve then numbers its variables without hashing; constraints keep their places
        Problem canonical = Interning.of(new Problem(p.file(), out));
        IdentityHashMap<Constraint, Constraint> original = new IdentityHashMap<>(nc);
        int[] userIndex = new int[nc];
        for (int k = 0; k < nc; k++) {
            original.put((Constraint) canonical.statements().get(firstConstraint + k), cs.get(order[k]));
            userIndex[k] = order[k];
        }
        return Optional.of(new CanonicalOrder(canonical, back, original, userIndex, cs, occ, canon, vars, tiedDims, tiedRows));
    }

    /** {@code \u023B} (rows) or {@code \u023C} (dimensions) and the rank, zero-padded to {@code width} digits. */
    private static String canonicalName(boolean row, int rank, int width) {
        String digits = Integer.toString(rank);
        StringBuilder b = new StringBuilder(width + 1).append(row ? '\u023B' : '\u023C');
        for (int k = digits.length(); k < width; k++) b.append('0');
        return b.append(digits).toString();
    }

    /** Renames a constraint's occurrences, in {@link Renaming}'s traversal order, to the canonical names of the recorded ids. */
    private static final class Replay implements Renaming.Names {
        private final String[] canon;
        private int[] ids;
        private int next;

        Replay(String[] canon) {
            this.canon = canon;
        }

        Replay of(int[] occurrences) {
            ids = occurrences;
            next = 0;
            return this;
        }

        public String dim(String v) {
            return canon[ids[next++]];
        }

        public String row(String v) {
            return canon[ids[next++]];
        }
    }

    private static Span firstSpan(List<Declaration> decls, Declaration.Provenance kind) {
        for (Declaration d : decls) if (d.kind() == kind) return d.span();
        throw new IllegalStateException("no declaration of " + kind);
    }

    /** The problem the solver runs on: declarations merged per kind, constraints sorted, canonical names. */
    Problem problem() {
        return problem;
    }

    /** The answer on {@link #problem()} in the user's names, constraints and source order; a symmetric choice refused. */
    Outcome restore(Outcome o) {
        return switch (o) {
            case Outcome.Sat s -> symmetricChoice(s.model()).<Outcome>map(f -> Outcome.Unknown.of(f, s.stats()))
                    .orElseGet(() -> new Outcome.Sat(assignment(s.model()), s.solved().map(this::solved),
                            s.notes().stream().map(this::text).toList(), s.stats()));
            case Outcome.Unsat u -> new Outcome.Unsat(failure(u.core()), u.stats());
            case Outcome.Unknown u -> new Outcome.Unknown(text(u.reason()), u.cause().map(this::failure), u.rankBound(), u.stats());
        };
    }

    /** A stage's trace in the user's names. */
    StageTrace restore(StageTrace t) {
        Renaming.Names b = backNames();
        Map<String, Dim> dims = new LinkedHashMap<>();
        t.dims().forEach((k, v) -> dims.put(back.getOrDefault(k, k), Renaming.dim(v, b)));
        Map<String, Row> rows = new LinkedHashMap<>();
        t.rows().forEach((k, v) -> rows.put(back.getOrDefault(k, k), Renaming.row(v, b)));
        return new StageTrace(t.stage(), t.commitments(), t.resolves(), t.steps(), dims, rows, t.completed());
    }

    /** A colour class whose closed values differ (rows compared by content), as a policy failure. */
    private Optional<Failure> symmetricChoice(Assignment m) {
        for (List<String> cl : tiedDims) {
            List<String> present = cl.stream().filter(m.dims()::containsKey).toList();
            if (present.stream().map(m.dims()::get).distinct().count() > 1)
                return Optional.of(symmetric(present, v -> Printer.print(m.dims().get(v))));
        }
        for (List<String> cl : tiedRows) {
            List<String> present = cl.stream().filter(m.rows()::containsKey).toList();
            if (present.stream().map(v -> m.rows().get(v).flat()).distinct().count() > 1)
                return Optional.of(symmetric(present, v -> Printer.print(new Row.Closed(List.of(), m.rows().get(v).flat()))));
        }
        return Optional.empty();
    }

    /** The refusal, worded the same in every order: the variables by name, the values they would take as a sorted set. */
    private Failure symmetric(List<String> vars, Function<String, String> show) {
        BitSet involved = new BitSet(input.size());
        for (String v : vars) involved.or(mentions.get().getOrDefault(v, new BitSet()));
        List<String> names = vars.stream().map(v -> v.charAt(0) == '\u023B' ? "<" + back.get(v) + ">" : back.get(v)).sorted().toList();
        List<String> values = vars.stream().map(show).distinct().sorted().toList();
        return Failure.of(FailureKind.POLICY, "symmetric choice: no constraint tells " + String.join(", ", names)
                + " apart, but their closed values would differ (" + String.join(" / ", values)
                + "); which variable takes which value would depend on the input order or names, so none is chosen"
                + " (docs/solver.md, \"Order and names\"; a constraint that distinguishes them decides it)", input, involved);
    }

    private Failure failure(Failure f) {
        BitSet solved = f.indices(), user = new BitSet(input.size());
        for (int k = solved.nextSetBit(0); k >= 0; k = solved.nextSetBit(k + 1)) user.set(order[k]);
        return Failure.of(f.kind(), text(f.message()), input, user,
                f.hidden().map(v -> new Declaration.VarRef(back.getOrDefault(v.name(), v.name()), v.row())));
    }

    private Constraint constraint(Constraint c) {
        Constraint o = original.get(c);
        return o != null ? o : Renaming.constraint(c, backNames());
    }

    private SolvedForm solved(SolvedForm s) {
        Renaming.Names b = backNames();
        FrozenMap.Builder<String, Dim> dims = FrozenMap.builder(s.dimBindings().size());
        s.dimBindings().forEach((k, v) -> dims.put(back.getOrDefault(k, k), Renaming.dim(v, b)));
        FrozenMap.Builder<String, Row> rows = FrozenMap.builder(s.rowBindings().size());
        s.rowBindings().forEach((k, v) -> rows.put(back.getOrDefault(k, k), Renaming.row(v, b)));
        Set<String> policyRows = new HashSet<>();
        for (String r : s.policyRows()) policyRows.add(back.getOrDefault(r, r));
        Set<String> policyDims = new HashSet<>();
        for (String d : s.policyDims()) policyDims.add(back.getOrDefault(d, d));
        Map<String, Dim> symbolic = new LinkedHashMap<>();
        s.closedSymbolic().forEach((k, v) -> symbolic.put(back.getOrDefault(k, k), Renaming.dim(v, b)));
        Map<String, Row> symbolicRows = new LinkedHashMap<>();
        s.closedSymbolicRows().forEach((k, v) -> symbolicRows.put(back.getOrDefault(k, k), Renaming.row(v, b)));
        return new SolvedForm(dims.build(), rows.build(), s.residual().stream().map(this::constraint).toList(), s.principal(),
                Lazy.of(() -> assignment(s.upward())), policyRows, policyDims, symbolic, symbolicRows,
                symbolicSizes(s.symbolicSizes(), back));
    }

    /** The symbolic sizes in the user's names (keys, and the dynamic names inside the expressions). */
    private static SymbolicSizes symbolicSizes(SymbolicSizes s, Map<String, String> back) {
        if (s.isEmpty() && s.checkedAt().isEmpty()) return s;
        Map<String, SymSize> names = new HashMap<>();
        back.forEach((k, v) -> names.put(k, SymSize.name(v)));
        Map<String, SymSize> sizes = new LinkedHashMap<>();
        s.sizes().forEach((k, v) -> sizes.put(back.getOrDefault(k, k), v.substitute(names)));
        var conds = s.conditions().stream().map(c -> new SymCondition(c.left().substitute(names), c.rel(),
                c.right().substitute(names))).toList();
        var at = s.checkedAt().stream().map(b -> {
            Map<String, Long> m = new LinkedHashMap<>();
            b.forEach((k, v) -> m.put(back.getOrDefault(k, k), v));
            return m;
        }).toList();
        return new SymbolicSizes(sizes, conds, at);
    }

    /** The assignment in the user's names, variables in order of first sight in the input. */
    private Assignment assignment(Assignment a) {
        return new Assignment(inUserNames(a.dims(), dimOrder, dimCanon), inUserNames(a.rows(), rowOrder, rowCanon));
    }

    /** {@code values} (by canonical name) by the user's names in {@code order}; entries of other names (none of the input's) after them. */
    private <V> Map<String, V> inUserNames(Map<String, V> values, List<String> order, String[] canonical) {
        FrozenMap.Builder<String, V> out = FrozenMap.builder(values.size());
        int found = 0;
        for (int k = 0; k < canonical.length; k++) {
            V x = values.get(canonical[k]);
            if (x != null) {
                out.put(order.get(k), x);
                found++;
            }
        }
        if (found < values.size()) values.forEach((k, v) -> { if (!back.containsKey(k)) out.put(k, v); });
        return out.build();
    }

    private Renaming.Names backNames() {
        return new Renaming.Names() {
            public String dim(String v) {
                return back.getOrDefault(v, v);
            }

            public String row(String v) {
                return back.getOrDefault(v, v);
            }
        };
    }

    /** Canonical names in a message replaced by the user's. */
    private String text(String s) {
        Matcher m = NAME.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) m.appendReplacement(out, Matcher.quoteReplacement(back.getOrDefault(m.group(), m.group())));
        m.appendTail(out);
        return out.toString();
    }
}
