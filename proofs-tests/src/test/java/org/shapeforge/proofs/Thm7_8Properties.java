package org.shapeforge.proofs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.project.Index;
import org.shapeforge.project.Padding;
import org.shapeforge.project.ProductSpace;
import org.shapeforge.project.ProjectionInference;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorAxis;

/**
 * Thm. 7.8 (soundness of projections w.r.t. shapes), by enumeration on generated small
 * operations: (1) bounded addressing — at every point of the product space, every index of every
 * tensor accessed there lies inside its axis (inside the reported margins for padded
 * convolutions); an {@code Iter(s)} component addresses an axis whose size is {@code s}'s extent,
 * a {@code Fix(c)} component has {@code c} below the axis size. (2) co-iteration is finer than
 * size equality: one symbol never indexes axes of different sizes.
 */
class Thm7_8Properties {

    @Provide
    Arbitrary<ProjOps.Case> cases() {
        return Arbitraries.oneOf(ProjOps.einsums().map(ProjOps.Einsum::build), ProjOps.pointwise().map(ProjOps.Pointwise::build),
                ProjOps.convs().map(ProjOps.Conv::build), ProjOps.blocks().map(ProjOps.Block::build));
    }

    @Property(tries = 500)
    void boundedAddressing(@ForAll("cases") ProjOps.Case c) {
        Projections p = ProjectionInference.project(c.op(), c.model());
        List<List<Index>> indices = new ArrayList<>(List.of(p.lhs()));
        indices.addAll(p.rhs());
        List<List<TensorAxis>> axes = new ArrayList<>(List.of(p.lhsAxes()));
        axes.addAll(p.rhsAxes());
        Map<String, Long> ext = ProductSpace.extents(p.product());
        long[] visited = {0};
        ProductSpace.forEach(p.product(), pt -> {
            visited[0]++;
            for (int t = 0; t < indices.size(); t++) {
                if (!ProductSpace.accessed(indices.get(t), pt)) continue;
                for (int x = 0; x < indices.get(t).size(); x++) {
                    TensorAxis ax = axes.get(t).get(x);
                    Padding pad = p.padding().getOrDefault(ax.ref(), Padding.NONE);
                    long v = ProductSpace.at(indices.get(t).get(x), pt, ext);
                    assertTrue(v >= -pad.left() && v < ax.size() + pad.right(),
                            c + ": " + ax.ref() + " of size " + ax.size() + " addressed at " + v + " at " + pt + "\n" + p.summary());
                }
            }
        });
        assertEquals(ProductSpace.size(p.product()), visited[0]);
    }

    @Property(tries = 500)
    void coreComponentsMatchTheirAxes(@ForAll("cases") ProjOps.Case c) {
        Projections p = ProjectionInference.project(c.op(), c.model());
        Map<String, Long> ext = ProductSpace.extents(p.product());
        List<List<Index>> indices = new ArrayList<>(List.of(p.lhs()));
        indices.addAll(p.rhs());
        List<List<TensorAxis>> axes = new ArrayList<>(List.of(p.lhsAxes()));
        axes.addAll(p.rhsAxes());
        for (int t = 0; t < indices.size(); t++)
            for (int x = 0; x < indices.get(t).size(); x++) {
                long size = axes.get(t).get(x).size();
                switch (indices.get(t).get(x)) {
                    case Index.Iter it -> assertEquals(size, (long) ext.get(it.symbol()), c + ": " + p.summary());
                    case Index.Fixed f -> assertTrue(f.index() >= 0 && f.index() < size, c + ": " + p.summary());
                    case Index.Concat cc -> assertEquals(size, cc.symbols().stream().mapToLong(ext::get).sum(), c + ": " + p.summary());
                    default -> {}
                }
            }
    }
}
