package org.shapeforge.oracle;

import java.util.List;
import java.util.Map;
import org.shapeforge.oracle.claims.Claim;
import org.shapeforge.oracle.fuzz.Klass;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.solver.Outcome;

/**
 * What {@code shapeforge oracle} reports ({@code cli.md}, "JSON of oracle"): native deterministic
 * and complete, SMT per semantics with its rank bound, the claims, and the agreement class of
 * native against SMT under {@code flat}.
 */
public record OracleReport(Outcome nativeOutcome, Outcome complete, Map<Semantics, Outcome> smt, int rankBound,
        List<Claim> claims, Klass agreement, String agreementDetail) {
    public OracleReport {
        smt = Map.copyOf(smt);
        claims = List.copyOf(claims);
    }

    /** Whether any claim fails or the agreement is a violation. */
    public boolean anyFailure() {
        return agreement.isViolation() || claims.stream().anyMatch(c -> c.status() == Claim.Status.FAILS);
    }
}
