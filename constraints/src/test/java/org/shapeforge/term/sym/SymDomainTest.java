package org.shapeforge.term.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Constraint.Rel;

/** The printed domain: equivalent, simplified conditions in one order. */
class SymDomainTest {
    private static final SymSize S = SymSize.name("samples"), H = SymSize.name("height"), SEQ = SymSize.name("seq"),
            B = SymSize.name("batch"), SH = SymSize.name("sh");

    private static List<String> shown(List<SymCondition> cs) {
        return SymDomain.simplify(cs).stream().map(SymCondition::toString).toList();
    }

    @Test
    void aFloorDivisionBoundIsALengthBound() {
        // (samples + 268) // 512 - 2 >= 1 holds from samples = 1268 on ((1268 + 268) // 512 = 3)
        assertEquals(List.of("samples >= 1268"), shown(List.of(
                new SymCondition(S.plus(268).floorDiv(512).minus(SymSize.constant(2)), Rel.GE, SymSize.constant(1)))));
        // and from above: (samples + 3) // 4 <= 16 up to samples = 64 - 3 + 3
        assertEquals(List.of("samples <= 64"), shown(List.of(new SymCondition(S.plus(3).floorDiv(4), Rel.LE, SymSize.constant(16)))));
    }

    @Test
    void aProductOfSizesAtLeastOneIsItsOtherFactorsBound() {
        // batch * L >= 1 for L = (samples + 240) // 320 - 1 (a Reshape's batch·L axis): L >= 1, samples >= 400,
        // then merged with the convolutions' samples >= 720
        SymSize q = S.plus(240).floorDiv(320);
        assertEquals(List.of("samples >= 720"), shown(List.of(
                new SymCondition(B.times(q), Rel.GE, B.plus(1)),
                new SymCondition(S, Rel.GE, SymSize.constant(720)))));
        assertEquals(List.of("samples >= 400"), shown(List.of(new SymCondition(B.times(SEQ).times(q.minus(SymSize.constant(1))), Rel.GE, SymSize.constant(1)))));
        // x * A >= 2 is no bound on A alone (x = 2, A = 1 holds; x = 1, A = 1 does not): kept
        assertEquals(List.of("batch * seq >= 2"), shown(List.of(new SymCondition(B.times(SEQ), Rel.GE, SymSize.constant(2)))));
    }

    @Test
    void boundsMergeAndTrivialOnesGo() {
        assertEquals(List.of("seq <= 64", "seq >= 3"), shown(List.of(
                new SymCondition(SEQ.minus(SymSize.constant(2)), Rel.GE, SymSize.constant(1)),
                new SymCondition(SEQ, Rel.GT, SymSize.constant(1)),
                new SymCondition(SymSize.constant(64), Rel.GE, SEQ),
                new SymCondition(SEQ, Rel.LT, SymSize.constant(100)),
                new SymCondition(B, Rel.GE, SymSize.constant(1)))));
        assertEquals(List.of("seq == 8"), shown(List.of(new SymCondition(SEQ.times(2), Rel.EQ, SymSize.constant(16)))));
    }

    @Test
    void otherConditionsAreWrittenWithTheirPositiveTermsLeft() {
        assertEquals(List.of("height % 8 == 0", "sh == batch * 197"), shown(List.of(
                new SymCondition(SH.minus(B.times(197)), Rel.EQ, SymSize.constant(0)),
                new SymCondition(H.mod(8), Rel.EQ, SymSize.constant(0)))));
    }

    @Test
    void aMultipleOfItsOwnQuotientIsARemainder() {
        // a U-Net's skip h equal to its pooled-and-upsampled 8 * (h // 8)
        assertEquals(List.of("height % 8 == 0"), shown(List.of(new SymCondition(H, Rel.EQ, H.floorDiv(8).times(8)))));
    }

    @Test
    void theOrderIsTheConditionsOwn() {
        List<SymCondition> cs = new ArrayList<>(List.of(
                new SymCondition(H.mod(8), Rel.EQ, SymSize.constant(0)),
                new SymCondition(S.plus(76).floorDiv(512), Rel.GE, SymSize.constant(1)),
                new SymCondition(SEQ, Rel.LE, SymSize.constant(64)),
                new SymCondition(SH.minus(B.times(197)), Rel.EQ, SymSize.constant(0))));
        List<String> first = shown(cs);
        Random rnd = new Random(3);
        for (int i = 0; i < 4; i++) {
            Collections.shuffle(cs, rnd);
            assertEquals(first, shown(cs));
        }
        assertEquals(List.of("height % 8 == 0", "samples >= 436", "seq <= 64", "sh == batch * 197"), first);
    }
}
