package org.shapeforge.program.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link Discardable}'s linear rule against seed 000's four quantifiers written out as stated
 * (for all shapes on the other side, there exists an axis, for all its components, the
 * complement meets the component) on random block specs over a few labels; and a stack of 20,000
 * operands, one concatenation of 20,000 parts, decided in a time the quantifiers written out (20,000
 * complements, each checked against 20,000 shapes) are far from.
 */
class DiscardableProperties {

    @Property(tries = 400, seed = "43")
    void theLinearRuleIsTheFourQuantifierDefinition(@ForAll("specs") String spec) {
        EinsumSpec s = SpecParser.einsum(spec, null);
        assertEquals(byDefinition(s), Discardable.of(s), spec);
    }

    @Test
    void aStackOfTwentyThousandOperandsIsDecidedQuickly() {
        int n = 20_000;
        List<String> rhs = new ArrayList<>();
        List<String> parts = new ArrayList<>();
        for (int j = 0; j < n; j++) {
            rhs.add("...|...-> bt" + j + ",...");
            parts.add("bt" + j);
        }
        EinsumSpec s = SpecParser.einsum(String.join("; ", rhs) + " => ...|...-> " + String.join("^", parts) + ",...", null);
        // written out, the quantifiers take minutes here (20,000 × 20,000 set probes); linear, milliseconds
        Set<String> d = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Discardable.of(s));
        assertEquals(Set.of(), d);
    }

    @Provide
    Arbitrary<String> specs() {
        Arbitrary<String> label = Arbitraries.of("a", "b", "c", "d", "e");
        Arbitrary<String> axis = Arbitraries.oneOf(label, label.list().ofMinSize(2).ofMaxSize(3).map(l -> String.join("^", l)),
                Arbitraries.of("0", "1", "2*a+b"));
        Arbitrary<String> shape = axis.list().ofMinSize(1).ofMaxSize(3).map(l -> String.join(", ", l));
        return shape.list().ofMinSize(1).ofMaxSize(3).flatMap(rhs -> shape.map(lhs -> String.join("; ", rhs) + " => " + lhs))
                .filter(DiscardableProperties::parses);
    }

    private static boolean parses(String spec) {
        try {
            SpecParser.einsum(spec, null);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Seed 000's rule as stated, quantifier by quantifier (the form Discardable had before it was linear). */
    static Set<String> byDefinition(EinsumSpec spec) {
        List<List<List<Set<String>>>> rhs = new ArrayList<>();
        for (ShapeSpec s : spec.rhs()) rhs.add(axes(s));
        Set<String> out = new TreeSet<>();
        for (ShapeSpec s : spec.rhs()) out.addAll(side(s, List.of(axes(spec.lhs()))));
        out.addAll(side(spec.lhs(), rhs));
        return out;
    }

    private static Set<String> side(ShapeSpec shape, List<List<List<Set<String>>>> others) {
        Set<String> out = new HashSet<>();
        for (Kind k : Kind.values())
            for (AxisSpec a : shape.row(k).axes()) {
                if (!(a instanceof AxisSpec.Concat c)) continue;
                for (String part : c.parts()) {
                    Set<String> complement = new HashSet<>(c.parts());
                    complement.remove(part);
                    if (others.stream().allMatch(axes -> axes.stream().anyMatch(
                            comps -> comps.stream().allMatch(comp -> comp.stream().anyMatch(complement::contains)))))
                        out.add(part);
                }
            }
        return out;
    }

    private static List<List<Set<String>>> axes(ShapeSpec s) {
        List<List<Set<String>>> out = new ArrayList<>();
        for (Kind k : Kind.values())
            for (AxisSpec a : s.row(k).axes())
                out.add(switch (a) {
                    case AxisSpec.Concat c -> c.parts().stream().map(p -> (Set<String>) Set.of(p)).toList();
                    case AxisSpec.Label l -> List.of(Set.of(l.name()));
                    case AxisSpec.Fixed f -> List.of(Set.of("#fixed@" + k + f.column()));
                    case AxisSpec.Affine af -> {
                        Set<String> vs = new HashSet<>(Set.of(af.over()));
                        af.kernel().ifPresent(vs::add);
                        yield List.of(vs);
                    }
                });
        return out;
    }
}
