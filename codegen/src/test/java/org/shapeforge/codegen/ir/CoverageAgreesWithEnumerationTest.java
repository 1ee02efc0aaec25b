package org.shapeforge.codegen.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Prop. 7.6 against brute force: on generated small left-hand sides, the reduction factors are
 * exactly Def. 7.5's, and {@link Coverage}'s injectivity and surjectivity are exact on core labels
 * (Iter/Fix) and sound (never claimed when false) on derived ones (strides, offsets, sums).
 */
class CoverageAgreesWithEnumerationTest {

    @Test
    void prop7_6_injectivityAndSurjectivityAgreeWithEnumeration() {
        SplittableRandom rnd = new SplittableRandom(76);
        int core = 0, derived = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int nVars = 1 + rnd.nextInt(3);
            List<Factor> factors = new ArrayList<>();
            List<LoopVar> vars = new ArrayList<>();
            for (int v = 0; v < nVars; v++) {
                LoopVar lv = new LoopVar("s" + v, 2 + rnd.nextInt(3));
                vars.add(lv);
                factors.add(new Factor.Single(lv));
            }
            ProductSpace space = new ProductSpace(factors);
            int rank = 1 + rnd.nextInt(3);
            boolean coreOnly = rnd.nextBoolean();
            List<Index> ix = new ArrayList<>();
            List<Integer> dims = new ArrayList<>();
            for (int a = 0; a < rank; a++) {
                LoopVar v = vars.get(rnd.nextInt(nVars));
                int form = coreOnly ? rnd.nextInt(3) : rnd.nextInt(6);
                Index index;
                int lo, hi;
                switch (form) {
                    case 0, 1 -> { index = Index.iter(v.symbol()); lo = 0; hi = v.extent() - 1; }
                    case 2 -> { index = Index.fixed(0); lo = 0; hi = 0; }
                    case 3 -> { index = new Index.Affine(List.of(new Index.Term(2, v.symbol())), rnd.nextInt(2)); lo = 0; hi = 2 * (v.extent() - 1) + 1; }
                    case 4 -> {
                        LoopVar u = vars.get(rnd.nextInt(nVars));
                        if (u == v) { index = Index.iter(v.symbol()); lo = 0; hi = v.extent() - 1; }
                        else { index = new Index.Affine(List.of(new Index.Term(1, v.symbol()), new Index.Term(1, u.symbol())), 0); lo = 0; hi = v.extent() + u.extent() - 2; }
                    }
                    default -> { index = new Index.Affine(List.of(new Index.Term(1, v.symbol())), 1); lo = 1; hi = v.extent(); }
                }
                ix.add(index);
                dims.add(hi + 1 + (form == 2 ? rnd.nextInt(2) : 0));
            }
            TensorDecl decl = TensorDecl.of("y", dims);
            Access lhs = new Access("y", ix);
            Coverage c = Coverage.of(space, decl, lhs);
            // enumeration
            Set<List<Integer>> hit = new HashSet<>();
            boolean injective = true;
            int points = 1;
            for (LoopVar v : vars) points *= v.extent();
            for (int p = 0; p < points; p++) {
                int[] val = new int[nVars];
                for (int v = nVars - 1, q = p; v >= 0; v--) { val[v] = q % vars.get(v).extent(); q /= vars.get(v).extent(); }
                List<Integer> cell = new ArrayList<>();
                for (Index index : ix) {
                    Index.Affine af = (Index.Affine) index;
                    int x = af.offset();
                    for (Index.Term t : af.terms()) x += t.coeff() * val[Integer.parseInt(t.symbol().substring(1))];
                    cell.add(x);
                }
                injective &= hit.add(cell);
            }
            long cells = 1;
            for (int d : dims) cells *= d;
            boolean surjective = hit.size() == cells;
            Set<String> mentioned = new HashSet<>(lhs.symbols());
            List<String> reductions = vars.stream().map(LoopVar::symbol).filter(s -> !mentioned.contains(s)).toList();
            assertEquals(reductions, c.reductionSymbols(), "Def. 7.5 on " + ix);
            if (coreOnly) {
                core++;
                assertEquals(injective, c.injective(), "injectivity (exact on core labels) of " + ix + " over " + vars);
                assertEquals(surjective, c.surjective(), "surjectivity (exact on core labels) of " + ix + " dims " + dims + " over " + vars);
            } else {
                derived++;
                assertTrue(injective || !c.injective(), "claimed injective but is not: " + ix + " over " + vars);
                assertTrue(surjective || !c.surjective(), "claimed surjective but is not: " + ix + " dims " + dims + " over " + vars);
            }
        }
        assertTrue(core > 1000 && derived > 1000, core + " core, " + derived + " derived cases");
    }
}
