package org.shapeforge.onnx;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.shapeforge.lang.Constraint;
import org.shapeforge.solver.Outcome;

/**
 * One presolve of {@link Emitter}: the native solver's answer on the constraints so far that are
 * {@link Connected} to the terms an op reads ({@link #covered}, by index), with its
 * {@link SymbolicReading}. Issue 32: ssdlite (1,463 nodes) solved the whole store once per
 * {@code Shape}, about 75 full solves; its heads' reads touch one spatial or channel chain each.
 *
 * <p>A later read reuses it ({@link #covers}) when the constraints connected to that read's terms
 * are the covered ones plus only variable-free facts that hold ({@link GroundFacts}) and no
 * dim_param or runtime size was declared since: the connected store is then the same, so is the
 * answer. Mutable only to grow {@link #covered} by such facts and by a guard the model satisfies.
 */
final class Presolve {
    private final BitSet covered;
    private final int declared;
    final Outcome.Sat sat;
    final SymbolicReading symbolic;
    private Set<String> nearDynamic;

    Presolve(BitSet covered, int declared, Outcome.Sat sat, SymbolicReading symbolic) {
        this.covered = (BitSet) covered.clone();
        this.declared = declared;
        this.sat = sat;
        this.symbolic = symbolic;
    }

    /**
     * Whether this presolve answers for the constraints {@code wanted} (indices into {@code all}):
     * they include the covered ones and add only variable-free facts that hold, with the same
     * declarations. If so, they become the covered ones.
     */
    boolean covers(BitSet wanted, int declaredNow, List<Constraint> all) {
        if (declaredNow != declared) return false;
        BitSet missing = (BitSet) covered.clone();
        missing.andNot(wanted);
        if (!missing.isEmpty()) return false;
        BitSet extra = (BitSet) wanted.clone();
        extra.andNot(covered);
        for (int i = extra.nextSetBit(0); i >= 0; i = extra.nextSetBit(i + 1))
            if (!GroundFacts.holdAll(List.of(all.get(i)))) return false;
        covered.or(extra);
        return true;
    }

    /** Constraint {@code i} (a guard the model satisfies) is covered from now on. */
    void cover(int i) {
        covered.set(i);
    }

    /**
     * The variables a residual fact or a binding of this presolve links, directly or through
     * others, to a dim_param or runtime size ({@code dynamic}): closing decides them by policy
     * ({@code z <= batch} twice, a broadcast of batch against itself, may close z to 1), so their
     * closed value is no fact to guard. Computed once.
     */
    Set<String> nearDynamic(Set<String> dynamic) {
        if (nearDynamic != null) return nearDynamic;
        Map<String, Set<String>> links = new HashMap<>();
        Consumer<Set<String>> link = vs -> {
            for (String v : vs) links.computeIfAbsent(v, k -> new LinkedHashSet<>()).addAll(vs);
        };
        var solved = sat.solved().orElseThrow();
        for (Constraint c : solved.residual()) {
            Set<String> vs = new LinkedHashSet<>();
            SizeVars.allVars(c, vs);
            link.accept(vs);
        }
        solved.dimBindings().forEach((v, b) -> {
            Set<String> vs = new LinkedHashSet<>(Set.of(v));
            SizeVars.dimVars(b, vs);
            link.accept(vs);
        });
        Set<String> seen = new LinkedHashSet<>(dynamic);
        ArrayDeque<String> todo = new ArrayDeque<>(dynamic);
        while (!todo.isEmpty())
            for (String w : links.getOrDefault(todo.poll(), Set.of()))
                if (seen.add(w)) todo.add(w);
        nearDynamic = seen;
        return seen;
    }
}
