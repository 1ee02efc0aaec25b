package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.project.ProductSpace;
import org.shapeforge.project.ProjectionInference;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorAxis;

/**
 * Prop. 7.6 against brute force, with core labels only (einsums with diagonals, missing partners
 * and fixed indices; pointwise broadcasting): {@code π_LHS} is injective iff there is no
 * reduction axis (Def. 7.5), its surjectivity is as computed, and hence accumulate = non-injective
 * and initialize = non-surjective or non-injective (every generated operation is erasing).
 * Injectivity and surjectivity are decided by enumerating the product space.
 */
class Prop7_6Properties {

    @Provide
    Arbitrary<ProjOps.Case> cases() {
        return Arbitraries.oneOf(ProjOps.einsums().map(ProjOps.Einsum::build), ProjOps.pointwise().map(ProjOps.Pointwise::build));
    }

    @Property(tries = 600)
    void injectivityAndSurjectivityAgreeWithEnumeration(@ForAll("cases") ProjOps.Case c) {
        Projections p = ProjectionInference.project(c.op(), c.model());
        Map<String, Long> ext = ProductSpace.extents(p.product());
        Set<List<Long>> hit = new HashSet<>();
        boolean[] injective = {true};
        ProductSpace.forEach(p.product(), pt -> {
            List<Long> addr = new ArrayList<>();
            for (var i : p.lhs()) addr.add(ProductSpace.at(i, pt, ext));
            if (!hit.add(addr)) injective[0] = false;
        });
        long domain = 1;
        for (TensorAxis a : p.lhsAxes()) domain *= a.size();
        boolean surjective = hit.size() == domain;
        String why = c + "\n" + p.summary();
        assertEquals(injective[0], p.injective(), why);
        assertEquals(injective[0], p.reductions().isEmpty(), why);
        assertEquals(surjective, p.surjective(), why);
        assertEquals(!injective[0], p.accumulate(), why);
        assertEquals(!injective[0] || !surjective, p.initialize(), why);
    }
}
