package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.shapeforge.cli.ReferenceShapes.Dim;
import org.shapeforge.cli.ShapeAgreement.Verdict;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.term.sym.SymSize;

/**
 * The corpus's comparison rules: our typed dims ({@link InferredDim}) evaluated at the test and probe
 * sizes; a dynamic dim given as a number is a disagreement; a symbolic dim agrees only where it
 * equals ONNX's size at both points; what cannot be checked is never an agreement.
 */
class ShapeAgreementTest {
    private static final Map<String, Long> AT = Map.of("batch", 2L, "h", 7L);

    private static SymSize name(String n) {
        return SymSize.name(n);
    }

    private static InferredDim n(long k) {
        return new InferredDim.Known(k);
    }

    private static InferredDim sym(SymSize s) {
        return InferredDim.of(s);
    }

    private static InferredDim sym(String name) {
        return InferredDim.of(SymSize.name(name));
    }

    private static final InferredDim UNDETERMINED = InferredDim.UNDETERMINED;

    @Test
    void symbolicSizesEvaluateAtTheGivenSizes() {
        assertEquals(OptionalLong.of(7), sym(name("batch").times(4).plus(-1)).at(AT));
        assertEquals(OptionalLong.of(4), sym(name("h").plus(-1).floorDiv(2).plus(1)).at(AT));
        assertEquals(OptionalLong.of(1), sym(name("h").mod(3)).at(AT));
        assertEquals(OptionalLong.of(-5), sym(name("batch").minus(name("h"))).at(AT));
        assertEquals(OptionalLong.of(12), sym(name("batch").times(name("h").plus(-1))).at(AT));
        assertEquals(OptionalLong.of(12), n(12).at(AT));
        assertEquals(OptionalLong.of(12), sym(SymSize.constant(12)).at(Map.of()), "a constant is a number");
    }

    @Test
    void whatCannotBeEvaluatedIsEmptyNotAGuess() {
        assertEquals(OptionalLong.empty(), sym("rem_60").at(AT), "a size no input binds");
        assertEquals(OptionalLong.empty(), sym(name("batch").plus(name("rem_60"))).at(AT));
        assertEquals(OptionalLong.empty(), UNDETERMINED.at(AT));
        assertEquals(OptionalLong.empty(), new InferredDim.Residual(org.shapeforge.term.Dim.var("batch")).at(AT),
                "a solver term is never evaluated");
        assertEquals(OptionalLong.empty(), sym(name("batch").times(Long.MAX_VALUE / 2 + 1)).at(AT), "past 64 bits");
    }

    @Test
    void typedDimsPrintAsImportPrintsThem() {
        assertEquals("batch * 4 - 1", sym(name("batch").times(4).plus(-1)).printed());
        assertEquals("(h + 1) // 2", sym(name("h").plus(-1).floorDiv(2).plus(1)).printed(), "the normal form of (h - 1) // 2 + 1");
        assertEquals("12", n(12).printed());
        assertEquals("?", UNDETERMINED.printed());
    }

    /** A reference with the test point batch=2, seq=7 and the probe batch=3, seq=5; value "v" of the given concrete shapes. */
    private static ReferenceShapes ref(List<Dim> theirs, List<Integer> test, List<Integer> probe) {
        Map<String, List<Dim>> values = new HashMap<>();
        values.put("v", theirs);
        return new ReferenceShapes(values, Map.of("test", Map.of("batch", 2L, "seq", 7L), "probe", Map.of("batch", 3L, "seq", 5L)),
                Map.of("test", concrete(test), "probe", concrete(probe)), 1.0);
    }

    private static Map<String, List<Dim>> concrete(List<Integer> dims) {
        Map<String, List<Dim>> m = new HashMap<>();
        m.put("v", dims == null ? null : dims.stream().map(d -> d == null ? (Dim) new Dim.Unknown() : new Dim.Known(d)).toList());
        return m;
    }

    private static Verdict verdict(List<InferredDim> ours, List<Dim> theirs, List<Integer> test, List<Integer> probe) {
        return ShapeAgreement.compare("v", ours, theirs, ref(theirs, test, probe)).verdict();
    }

    private static final Dim BATCH = new Dim.Param("batch"), UNK = new Dim.Param("unk__0");

    @Test
    void aDynamicDimPrintedAsANumberDisagrees() {
        assertEquals(Verdict.DISAGREE, verdict(List.of(n(1), n(10)), List.of(BATCH, new Dim.Known(10)), List.of(2, 10), List.of(3, 10)));
        assertEquals(Verdict.DISAGREE, verdict(List.of(n(2), n(10)), List.of(BATCH, new Dim.Known(10)), null, null),
                "an input's dim_param as a number, even without concrete sizes");
        assertEquals(Verdict.DISAGREE, verdict(List.of(n(14)), List.of(UNK), List.of(14), List.of(15)), "right at the test case only");
    }

    @Test
    void aNumberAgreesWhereOnnxLostAStaticSize() {
        assertEquals(Verdict.AGREE, verdict(List.of(n(16)), List.of(UNK), List.of(16), List.of(16)));
        assertEquals(Verdict.OURS_ONLY, verdict(List.of(n(16)), null, List.of(16), List.of(16)));
        assertEquals(Verdict.DISAGREE, verdict(List.of(n(16)), null, List.of(16), List.of(17)), "ours only, but wrong at the probe");
    }

    @Test
    void aSymbolicDimAgreesWhereItHoldsAtBothPoints() {
        assertEquals(Verdict.AGREE, verdict(List.of(sym("batch"), sym("seq")), List.of(BATCH, new Dim.Param("seq")), List.of(2, 7), List.of(3, 5)));
        assertEquals(Verdict.AGREE, verdict(List.of(sym(name("batch").times(name("seq")))), List.of(UNK), List.of(14), List.of(15)));
        assertEquals(Verdict.DISAGREE, verdict(List.of(sym(name("batch").times(7))), List.of(UNK), List.of(14), List.of(15)));
        assertEquals(Verdict.DISAGREE, verdict(List.of(sym("seq")), List.of(BATCH), List.of(2), List.of(3)), "a swapped axis");
        assertEquals(Verdict.AGREE, verdict(List.of(sym("batch")), List.of(BATCH), null, null), "the same input dim_param by name");
        assertEquals(Verdict.UNCHECKED, verdict(List.of(sym("seq")), List.of(BATCH), null, null), "another name, no sizes to check it");
    }

    /** Our {@code ?} where ONNX names the axis and both points give its size: ours lost a symbol ONNX keeps, never unchecked. */
    @Test
    void aWithheldDimWhereOnnxHasADimParamWithSizesDisagrees() {
        assertEquals(Verdict.DISAGREE, verdict(List.of(UNDETERMINED), List.of(UNK), List.of(14), List.of(15)));
        assertEquals(Verdict.DISAGREE, verdict(List.of(UNDETERMINED, n(4)), List.of(BATCH, new Dim.Known(4)), List.of(2, 4), List.of(3, 4)),
                "an input's own dim_param");
        assertEquals(Verdict.DISAGREE, verdict(List.of(UNDETERMINED), List.of(BATCH), null, null), "an input's dim_param, sized by the inputs");
        assertEquals(Verdict.UNCHECKED, verdict(List.of(UNDETERMINED), List.of(UNK), null, null), "no sizes to check it against");
    }

    @Test
    void whatNeitherSideSettlesIsUnchecked() {
        assertEquals(Verdict.UNCHECKED, verdict(List.of(sym("rem_60")), List.of(UNK), List.of(14), List.of(15)));
        assertEquals(Verdict.UNCHECKED, verdict(List.of(sym(name("batch").times(name("seq")))), List.of(new Dim.Unknown()), null, null));
        assertEquals(Verdict.UNCHECKED, verdict(List.of(n(16)), List.of(UNK), Arrays.asList((Integer) null), Arrays.asList((Integer) null)));
        assertEquals(Verdict.OURS_ONLY, verdict(List.of(sym("rem_60")), null, null, null));
    }

    /**
     * Where ONNX has a number and ours is an unknown extent (seed 004: a size named after its node that
     * no input binds, ssdlite's empty tensor {@code constantOfShape_29}), ours claims no other number:
     * unchecked, never agreeing. A withheld {@code ?} or a dim_param's expression there still disagrees.
     */
    @Test
    void anUnknownExtentWhereOnnxHasANumberIsUncheckedNotADisagreement() {
        assertEquals(Verdict.UNCHECKED, verdict(List.of(sym(name("constantOfShape_29").plus(6))), List.of(new Dim.Known(6)), List.of(6), List.of(6)));
        assertEquals(Verdict.UNCHECKED, verdict(List.of(sym("slice_1_34"), n(2)), List.of(new Dim.Known(3), new Dim.Known(2)), null, null));
        assertEquals(Verdict.DISAGREE, verdict(List.of(UNDETERMINED), List.of(new Dim.Known(1)), List.of(1), List.of(1)));
        assertEquals(Verdict.DISAGREE, verdict(List.of(sym(name("batch").plus(1))), List.of(new Dim.Known(3)), List.of(3), List.of(3)));
    }

    @Test
    void numbersAndRanksMustMatchExactly() {
        assertEquals(Verdict.AGREE, verdict(List.of(n(2), n(10)), List.of(new Dim.Known(2), new Dim.Known(10)), null, null));
        assertEquals(Verdict.DISAGREE, verdict(List.of(n(2), n(11)), List.of(new Dim.Known(2), new Dim.Known(10)), null, null));
        assertEquals(Verdict.DISAGREE, verdict(List.of(sym("batch")), List.of(new Dim.Known(2)), List.of(2), List.of(2)),
                "a symbol where ONNX has a number");
        assertEquals(Verdict.DISAGREE, verdict(List.of(n(2)), List.of(new Dim.Known(2), new Dim.Known(1)), null, null));
        assertEquals(Verdict.THEIRS_ONLY, verdict(null, List.of(new Dim.Known(2)), null, null));
        assertThrows(IllegalArgumentException.class, () -> verdict(null, null, null, null));
    }

    @Test
    void theReasonNamesTheAxisAndBothSides() {
        var r = ShapeAgreement.compare("v", List.of(n(1), n(10)), List.of(BATCH, new Dim.Known(10)),
                ref(List.of(BATCH, new Dim.Known(10)), List.of(2, 10), List.of(3, 10)));
        assertTrue(r.reason().contains("axis 0: ours 1, ONNX batch"), r.reason());
    }
}
