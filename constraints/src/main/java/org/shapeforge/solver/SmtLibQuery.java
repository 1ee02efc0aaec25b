package org.shapeforge.solver;

import java.util.List;

/**
 * One SMT-LIB script over a problem's encoding ({@link ShapeSolver#exportSmtLib(org.shapeforge.lang.Problem,
 * List, List, SolveOptions)}): comment lines that open it ({@code header}, first line first), claims
 * asserted beside the problem's constraints ({@code assumed}), and claims whose conjunction is
 * negated ({@code refuted}: the script is then an entailment query, {@code unsat} exactly when the
 * constraints and the assumed claims entail every refuted claim). With nothing refuted, the script
 * asks whether the constraints and the assumed claims are satisfiable.
 */
public record SmtLibQuery(List<String> header, List<Claim> assumed, List<Claim> refuted) {
    public SmtLibQuery {
        header = List.copyOf(header);
        for (String h : header) if (h.contains("\n") || h.contains("\r")) throw new IllegalArgumentException("a header line spans lines: " + h);
        assumed = List.copyOf(assumed);
        refuted = List.copyOf(refuted);
    }
}
