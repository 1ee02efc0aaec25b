package org.shapeforge.solver;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.shapeforge.collect.FrozenMap;
import org.shapeforge.collect.Lazy;
import org.shapeforge.lang.Constraint;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * The native solver's answer before closing (Def. 5.3, Thm. 5.6): bindings σ⋆ (possibly
 * non-ground), the residual store B⋆ printed as constraints, whether it is principal
 * (Cor. 5.8: no residual caps), and γ↑ (Prop. 5.4: every unsolved variable to its top).
 * {@code policyRows} names the row variables whose binding was derived through a policy step
 * (Lemma 5.1): their rank is a commitment of the run, which Prop. 6.4(iii)'s Φ0^rk adds to Φ0, so a
 * solution of Φ0 of smaller rank there is not one γ↑ is claimed to be above. {@code policyDims} names
 * the dimension variables whose binding was derived through a policy step — typically a marker
 * placement that ≈ left free (Remark 2.11) read by a marker-sensitive inequality. Thm. 5.6's
 * theorem-level caveat ties no-guessing (2) and principality (Cor. 5.8) to placement-undiscriminated
 * inputs: a binding in {@code policyDims} or {@code policyRows} is a commitment of the run, not
 * claimed to be entailed, and {@link #principal()} speaks for the other bindings only.
 *
 * <p>{@code symbolicSizes} (issue 31; {@link SymbolicSizes#NONE} when there are no dynamic dims or
 * nothing depends on them) holds every input dimension variable whose size closing determined as a
 * function of the dynamic dims, as a canonical {@link org.shapeforge.term.sym.SymSize}
 * ({@code y = batch}, {@code y = (samples + 1) // 2}, {@code y = h * w}), with the domain
 * conditions under which that is a solution. These variables are not in the closed model (ground
 * by contract); front ends read a value's shape from here: {@code symbolicSizes().sizes().get(v)},
 * printed with {@code toString()} (the syntax of {@code programs.md}'s last section), evaluated at a
 * binding with {@code eval}, turned into a {@code .shc} relation with {@code definition(Dim)}.
 *
 * <p>γ↑ is determined by the bindings (σ⋆ read with every unsolved variable at its top), so a
 * solver may hand it over {@linkplain Lazy lazily}: {@link #upward()} computes it on first use.
 */
public record SolvedForm(
        Map<String, Dim> dimBindings,
        Map<String, Row> rowBindings,
        List<Constraint> residual,
        boolean principal,
        Lazy<Assignment> gammaUp,
        Set<String> policyRows,
        Set<String> policyDims,
        Map<String, Dim> closedSymbolic,
        Map<String, Row> closedSymbolicRows,
        SymbolicSizes symbolicSizes) {
    public SolvedForm {
        dimBindings = FrozenMap.copyOf(dimBindings);
        rowBindings = FrozenMap.copyOf(rowBindings);
        residual = List.copyOf(residual);
        Objects.requireNonNull(gammaUp, "gammaUp");
        policyRows = Set.copyOf(policyRows);
        policyDims = Set.copyOf(policyDims);
        closedSymbolic = Map.copyOf(closedSymbolic);
        closedSymbolicRows = Map.copyOf(closedSymbolicRows);
        Objects.requireNonNull(symbolicSizes, "symbolicSizes");
    }

    /** A solved form without symbolic sizes. */
    public SolvedForm(Map<String, Dim> dimBindings, Map<String, Row> rowBindings, List<Constraint> residual,
            boolean principal, Lazy<Assignment> gammaUp, Set<String> policyRows, Set<String> policyDims,
            Map<String, Dim> closedSymbolic, Map<String, Row> closedSymbolicRows) {
        this(dimBindings, rowBindings, residual, principal, gammaUp, policyRows, policyDims, closedSymbolic, closedSymbolicRows,
                SymbolicSizes.NONE);
    }

    public SolvedForm(Map<String, Dim> dimBindings, Map<String, Row> rowBindings, List<Constraint> residual,
            boolean principal, Lazy<Assignment> gammaUp, Set<String> policyRows, Set<String> policyDims) {
        this(dimBindings, rowBindings, residual, principal, gammaUp, policyRows, policyDims, Map.of(), Map.of());
    }

    /**
     * This solved form with the values closing gave that stay symbolic ({@code closedSymbolic}, and
     * {@code closedSymbolicRows} for rows holding such dimensions): a
     * variable below a dynamic dimension closes to it (Def. 6.1's stage 7; {@code z <= batch} gives
     * {@code z = batch}); the model, ground by contract, leaves such values out.
     */
    public SolvedForm withClosedSymbolic(Map<String, Dim> values, Map<String, Row> rows) {
        return new SolvedForm(dimBindings, rowBindings, residual, principal, gammaUp, policyRows, policyDims, values, rows,
                symbolicSizes);
    }

    /**
     * This solved form with the sizes closing determined as functions of the dynamic dimensions
     * ({@link SymbolicSizes}: {@code y_2 = (samples + 1) // 2}, with their domain conditions). The
     * closed model, ground by contract, leaves these variables out; front ends read their shapes
     * from here.
     */
    public SolvedForm withSymbolicSizes(SymbolicSizes sizes) {
        return new SolvedForm(dimBindings, rowBindings, residual, principal, gammaUp, policyRows, policyDims, closedSymbolic,
                closedSymbolicRows, sizes);
    }

    /** A solved form none of whose dimension bindings went through a policy step. */
    public SolvedForm(Map<String, Dim> dimBindings, Map<String, Row> rowBindings, List<Constraint> residual,
            boolean principal, Lazy<Assignment> gammaUp, Set<String> policyRows) {
        this(dimBindings, rowBindings, residual, principal, gammaUp, policyRows, Set.of(), Map.of(), Map.of());
    }

    /** Whether the binding of dimension variable {@code v} (or row variable {@code <v>} when {@code row}) went through a policy step. */
    public boolean policyDerived(String v, boolean row) {
        return row ? policyRows.contains(v) : policyDims.contains(v);
    }

    /** A solved form with γ↑ given. */
    public SolvedForm(Map<String, Dim> dimBindings, Map<String, Row> rowBindings, List<Constraint> residual,
            boolean principal, Assignment upward, Set<String> policyRows) {
        this(dimBindings, rowBindings, residual, principal, Lazy.known(upward), policyRows, Set.of(), Map.of(), Map.of());
    }

    /** γ↑ (Prop. 5.4): every unsolved variable at its top, the solved ones through σ⋆. */
    public Assignment upward() {
        return gammaUp.get();
    }
}
