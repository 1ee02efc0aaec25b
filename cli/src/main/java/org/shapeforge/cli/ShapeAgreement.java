package org.shapeforge.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.shapeforge.cli.ReferenceShapes.Dim;
import org.shapeforge.onnx.InferredDim;

/**
 * One value's inferred shape against ONNX's ({@link ReferenceShapes}), dim by dim. Where ONNX has
 * a number, ours must be that number. Where ONNX has a {@code dim_param} or nothing, the dim is
 * checked at the two points of the reference (the test case's sizes and a probe): ours, evaluated
 * there ({@link InferredDim#at}), must equal the size ONNX infers with the inputs fixed at that point.
 * A number of ours where the size differs between the points — a dynamic dim printed as a number —
 * is a disagreement, as is a number of ours where ONNX has an input's own dim_param. A dim neither
 * side can settle (ONNX infers no size even with fixed inputs and ours names a size no input binds)
 * is unchecked, never counted as agreeing — as is, where ONNX has a number, an unknown extent of
 * ours (a size named after its node that no input binds, seed 004: ssdlite's empty tensor); a
 * withheld {@code ?} or an expression of the inputs' sizes there disagrees. A withheld {@code ?}
 * where ONNX has a {@code dim_param} and the reference gives its size at both points disagrees too:
 * ONNX tracks the axis, ours lost it.
 */
final class ShapeAgreement {
    private ShapeAgreement() {}

    /** The verdict on one value. */
    enum Verdict {
        /** both give a shape and every dim is checked equal */
        AGREE,
        /** ONNX gives no shape; ours holds wherever it can be checked */
        OURS_ONLY,
        /** ONNX gives a shape, ours none (import failed or the value is missing) */
        THEIRS_ONLY,
        /** a rank or a dim differs, or a dynamic dim printed as a number */
        DISAGREE,
        /** both give a shape, nothing differs, but some dim could not be checked */
        UNCHECKED
    }

    /** A verdict and, for DISAGREE and UNCHECKED, the dim and why (for people). */
    record Result(Verdict verdict, String reason) {}

    /** The outcome for one dim. */
    private enum DimVerdict { AGREE, UNCHECKED, DISAGREE }

    /**
     * @param ours our dims, null when import gave none
     * @param theirs ONNX's dims, null when it gives no shape (not both null)
     * @param ref the model's reference (sizes at the points, concrete shapes)
     */
    static Result compare(String value, List<InferredDim> ours, List<Dim> theirs, ReferenceShapes ref) {
        if (ours == null && theirs == null) throw new IllegalArgumentException(value + ": neither side has a shape");
        if (ours == null) return new Result(Verdict.THEIRS_ONLY, "");
        List<List<Dim>> at = ReferenceShapes.POINTS.stream().map(p -> ref.at(p, value)).toList();
        if (theirs != null && theirs.size() != ours.size())
            return new Result(Verdict.DISAGREE, "rank: ours " + printed(ours) + ", ONNX " + show(theirs));
        String unchecked = "";
        for (int a = 0; a < ours.size(); a++) {
            Dim t = theirs == null ? new Dim.Unknown() : theirs.get(a);
            long[] sizes = new long[at.size()];
            boolean known = true;
            for (int p = 0; p < at.size(); p++) {
                List<Dim> c = at.get(p);
                if (c != null && c.size() == ours.size() && c.get(a) instanceof Dim.Known(long k)) sizes[p] = k;
                else known = false;
            }
            String why = "axis " + a + ": ours " + ours.get(a).printed() + ", ONNX " + show(t)
                    + (known ? " (" + Arrays.toString(sizes) + " at the test and probe sizes)" : "");
            switch (dim(ours.get(a), t, known ? sizes : null, ref)) {
                case DISAGREE -> {
                    return new Result(Verdict.DISAGREE, why);
                }
                case UNCHECKED -> unchecked = unchecked.isEmpty() ? why : unchecked;
                case AGREE -> { }
            }
        }
        if (theirs == null) return new Result(Verdict.OURS_ONLY, unchecked);
        return unchecked.isEmpty() ? new Result(Verdict.AGREE, "") : new Result(Verdict.UNCHECKED, unchecked);
    }

    private static DimVerdict dim(InferredDim ours, Dim theirs, long[] sizes, ReferenceShapes ref) {
        if (theirs instanceof Dim.Known(long n)) {
            if (ours instanceof InferredDim.Known(long m)) return m == n ? DimVerdict.AGREE : DimVerdict.DISAGREE;
            // an unknown extent (seed 004: named after its node, bound by no input) claims no other number
            boolean unknownExtent = !(ours instanceof InferredDim.Undetermined) && ReferenceShapes.POINTS.stream()
                    .anyMatch(p -> ours.at(ref.sizes().getOrDefault(p, Map.of())).isEmpty());
            return unknownExtent ? DimVerdict.UNCHECKED : DimVerdict.DISAGREE;
        }
        boolean inputParam = theirs instanceof Dim.Param(String name)
                && ReferenceShapes.POINTS.stream().allMatch(p -> ref.sizes().getOrDefault(p, Map.of()).containsKey(name));
        if (ours instanceof InferredDim.Known(long m)) {
            if (inputParam) return DimVerdict.DISAGREE; // an input's named axis printed as a number
            if (sizes == null) return DimVerdict.UNCHECKED;
            for (long s : sizes) if (s != m) return DimVerdict.DISAGREE;
            return DimVerdict.AGREE;
        }
        // a withheld ? where ONNX names the axis and its size is known at both points: a lost symbol, not a gap in the check
        if (ours instanceof InferredDim.Undetermined && theirs instanceof Dim.Param && (sizes != null || inputParam))
            return DimVerdict.DISAGREE;
        if (sizes == null)
            return inputParam && theirs instanceof Dim.Param(String name)
                    && ours instanceof InferredDim.Symbolic(var s) && s.asName().equals(Optional.of(name)) ? DimVerdict.AGREE
                    : DimVerdict.UNCHECKED;
        boolean all = true;
        for (int p = 0; p < sizes.length; p++) {
            OptionalLong v = ours.at(ref.sizes().getOrDefault(ReferenceShapes.POINTS.get(p), Map.of()));
            if (v.isEmpty()) all = false;
            else if (v.getAsLong() != sizes[p]) return DimVerdict.DISAGREE;
        }
        return all ? DimVerdict.AGREE : DimVerdict.UNCHECKED;
    }

    /** Our dims as {@code import} prints them ({@code null} for none), for people. */
    static String printed(List<InferredDim> ds) {
        return ds == null ? "null" : ds.stream().map(InferredDim::printed).toList().toString();
    }

    static String show(List<Dim> ds) {
        return ds == null ? "none" : ds.stream().map(ShapeAgreement::show).toList().toString();
    }

    static String show(Dim d) {
        return switch (d) {
            case Dim.Known(long n) -> Long.toString(n);
            case Dim.Param(String name) -> name;
            case Dim.Unknown() -> "?";
        };
    }
}
