package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import onnx.Onnx.NodeProto;
import org.shapeforge.lang.Constraint;
import org.shapeforge.onnx.values.Lowering;
import org.shapeforge.onnx.values.Lowerings;
import org.shapeforge.term.Dim;

/**
 * Ops whose output is (or is shaped by) another tensor's shape: Shape (a 1-D tensor of the
 * input's axis sizes, {@code start}/{@code end} from opset 15, clamped as Python slices), Size (a
 * scalar: the element count, known when every axis is) and ConstantOfShape (a tensor whose axes are
 * its input's contents). Shape's contents are the input's dimension terms ({@link ShapeValue}),
 * which {@link Contents} carries on to the Reshape or Expand that reads them.
 */
final class ShapeOps {
    private ShapeOps() {}

    /** The shape-computing and data-dependent ops: their shape logic here, their lowerings in {@code values}. */
    static final List<OpSpec> SPECS = OpSpec.family(
            OpSpec.each(ShapeOps::shape, Lowerings.SHAPES, "Shape"),
            OpSpec.each(ShapeOps::size, Lowerings.SHAPES, "Size"),
            OpSpec.each(ShapeOps::constantOfShape, Lowerings.SHAPES, "ConstantOfShape"),
            OpSpec.each(ShapeOps::range, Lowerings.GENERATORS, "Range"),
            OpSpec.each(ShapeOps::oneHot, Lowerings.GENERATORS, "OneHot"),
            OpSpec.each(ShapeOps::eyeLike, Lowerings.GENERATORS, "EyeLike"),
            OpSpec.each(ShapeOps::nonZero, Lowerings.SELECTION, "NonZero"),
            OpSpec.each(ShapeOps::compress, Lowerings.LAYOUTS, "Compress"),
            OpSpec.each(ShapeOps::nonMaxSuppression, Lowerings.SUPPRESSION, "NonMaxSuppression"),
            OpSpec.each(ShapeOps::unique, Lowering.none("the distinct values in order: the output length depends on the data, and"
                    + " the loop IR has no sort"), "Unique"));

    static List<Tensor> shape(Node n, Emitter e) {
        Tensor x = n.input(0);
        int r = x.rank();
        int[] range = n.attrs().shapeRange(r);
        int from = range[0], to = range[1];
        List<ShapeValue> vs = new ArrayList<>();
        for (int i = from; i < to; i++) vs.add(element(n, e, x.dim(i)));
        if (vs.isEmpty())
            throw n.error("the shape slice [" + from + ":" + to + "] of a rank-" + r + " input is empty: a size-0 axis"
                    + " (sizes are at least 1, Def. 1.1)");
        return List.of(n.result(0, List.of(Emitter.size(vs.size()))).withContents(vs));
    }

    /**
     * Shape's element for axis term {@code d}: known when ground or forced by the constraints before
     * the node (a MatMul's output axis equal to a weight's), the dim_param itself where the term is
     * bound to one ({@link Emitter#resolve}), else the term.
     */
    private static ShapeValue element(Node n, Emitter e, Dim d) {
        return ShapeValue.of(d instanceof Dim.Var ? e.resolve(d, n.origin("")) : d);
    }

    static List<Tensor> size(Node n, Emitter e) {
        Tensor x = n.input(0);
        long count = 1;
        for (Dim d : x.dims()) {
            if (!(ShapeValue.of(d) instanceof ShapeValue.Known(long v))) return List.of(n.result(0, List.of()));
            count = Math.multiplyExact(count, v);
        }
        return List.of(n.result(0, List.of()).withContents(List.of(new ShapeValue.Known(count))));
    }

    static List<Tensor> constantOfShape(Node n, Emitter e) {
        Tensor in = n.input(0);
        if (in.rank() != 1) throw n.error("input 0 must be a 1-D shape (it has rank " + in.rank() + ")");
        var data = Reshaping.dataTarget(n, e, 0);
        if (data.isPresent()) return List.of(n.result(0, data.get()));
        List<ShapeValue> vs = in.contents().orElseThrow(() -> ImportError.at("unsupported", n.file(), n.in(0),
                "the shape must be known at import time (an initializer, a Constant, or computed from Shape by"
                        + " Gather/Slice/Concat/Squeeze/Unsqueeze/Cast/Reshape and size arithmetic whose result is decided)"));
        boolean empty = vs.size() == 1 && vs.getFirst() instanceof ShapeValue.Known(long len) && len == 0;
        vs = emptyAxes(n, e, vs);
        Tensor out = n.result(0, dims(n, e, vs, 0));
        if (empty) return List.of(out.withContents(List.of())); // a 1-D empty tensor: its contents, none, are known
        // an integer fill of a short 1-D shape has known contents (expanded functions build shapes so:
        // LayerNormalization's ConstantOfShape(rank − axis, value = 1) is the suffix of its reduced shape)
        var fill = n.attrs().tensor("value").map(t -> Model.initializer("value", t).ints()).flatMap(x -> x);
        if (vs.size() == 1 && vs.getFirst() instanceof ShapeValue.Known(long len) && len >= 1 && len <= MAX_FOLDED
                && fill.isPresent() && fill.get().length == 1) {
            long[] v = new long[(int) len];
            Arrays.fill(v, fill.get()[0]);
            out = out.withContents(ShapeValue.known(v));
        }
        return List.of(out);
    }

    /**
     * A shape entry 0 of ConstantOfShape is an empty tensor, legal ONNX (torchvision's detection
     * transform builds one) but not a size (sizes are at least 1, Def. 1.1): an {@link Gap.Kind#EMPTY}
     * extent named after the node (the shapes print 0; Concat adds nothing for it), so the rest of
     * the graph is inferred exactly. A negative entry stays an error ({@link #dims}).
     */
    private static List<ShapeValue> emptyAxes(Node n, Emitter e, List<ShapeValue> vs) {
        List<ShapeValue> out = new ArrayList<>(vs.size());
        for (ShapeValue v : vs) out.add(v instanceof ShapeValue.Known(long k) && k == 0 ? new ShapeValue.Term(unknownExtent(e, hint(n),
                Gap.Kind.EMPTY, Optional.empty(), "an entry 0 makes an empty tensor: 0 elements, outside the size semantics"
                        + " (sizes are at least 1); the solver does not see it")) : v);
        return List.copyOf(out);
    }

    /** The longest integer fill whose contents are kept (a shape has a few elements; a large fill is data). */
    static final int MAX_FOLDED = 64;

    /**
     * Range: a 1-D tensor of {@code max(ceil((limit − start) / delta), 0)} elements. Known scalars give
     * the count (and, for integers, the contents); {@code Range(0, n, 1)} of a size n computed from a
     * Shape (position ids) has n's very term as its axis, and {@code Range(k, n, 1)} the size n − k.
     */
    static List<Tensor> range(Node n, Emitter e) {
        Double start = scalar(n, 0), limit = scalar(n, 1), delta = scalar(n, 2);
        if (start != null && limit != null && delta != null) {
            if (delta == 0) throw n.error("delta must not be 0");
            long len = Math.max((long) Math.ceil((limit - start) / delta), 0);
            if (len < 1) throw n.error("the range [" + start + ", " + limit + ") by " + delta + " is empty: a size-0 axis (Def. 1.1)");
            Tensor out = n.result(0, List.of(Emitter.size(len)));
            boolean ints = n.input(0).ints().isPresent() && n.input(1).ints().isPresent() && n.input(2).ints().isPresent();
            if (ints && len <= MAX_FOLDED) {
                long[] v = new long[(int) len];
                for (int i = 0; i < len; i++) v[i] = (long) (start + i * delta);
                out = out.withContents(ShapeValue.known(v));
            }
            return List.of(out);
        }
        var lim = n.input(1).contents().filter(c -> c.size() == 1).map(List::getFirst);
        if (start != null && delta != null && delta == 1 && start >= 0 && start == Math.rint(start)
                && lim.isPresent() && !(lim.get() instanceof ShapeValue.Known)) {
            // Range(k, n, 1) of a size n computed from shapes: n − k elements, never negative for any size (0 is no size: Def. 1.1)
            SizeForm count = SizeForm.of(lim.get()).minus(SizeForm.known(start.longValue()));
            if (!count.atLeast(0))
                throw ImportError.at("unsupported", n.file(), n.origin(""), "Range(" + start.longValue() + ", "
                        + Reshaping.show(List.of(lim.get())) + ", 1) may be empty: its length is not decided at import time");
            return List.of(n.result(0, List.of(ShapeTerms.dim(n, e, count.value()))));
        }
        throw ImportError.at("unsupported", n.file(), n.origin(""), "Range needs its start, limit and delta known at import"
                + " time, or Range(k, n, 1) with n computed from a Shape");
    }

    /** A known scalar input (integer or small float contents), or null. */
    static Double scalar(Node n, int k) {
        Tensor t = n.input(k);
        if (t.ints().isPresent() && t.ints().get().length == 1) return (double) t.ints().get()[0];
        if (t.floats().isPresent() && t.floats().get().length == 1) return t.floats().get()[0];
        return null;
    }

    /**
     * OneHot: the indices' shape with a {@code depth} axis inserted at {@code axis} (default −1, over
     * the output's rank); depth is a known scalar or a size computed from a Shape.
     */
    static List<Tensor> oneHot(Node n, Emitter e) {
        Tensor idx = n.input(0);
        int r = idx.rank() + 1;
        int axis = n.axis(n.attrs().i("axis", -1), r);
        Dim depth;
        var c = n.input(1).contents().filter(v -> v.size() == 1).map(List::getFirst);
        Double known = scalar(n, 1);
        if (known != null) {
            if (known < 1) throw n.error("depth " + known + " must be at least 1");
            depth = Emitter.size((long) Math.floor(known));
        } else if (c.isPresent() && c.get() instanceof ShapeValue.Term(Dim t)) {
            depth = t;
        } else {
            throw ImportError.at("unsupported", n.file(), n.in(1), "depth must be known at import time (or computed from a Shape)");
        }
        Tensor values = n.input(2);
        if (values.rank() != 1) throw n.error("input 2 (values) must have rank 1 ([off, on]), it has rank " + values.rank());
        e.rel(Emitter.sz(values.dim(0)), Constraint.Rel.EQ, Emitter.lit(2), n.in(2).as(n.in(2).role() + ", [off, on]"));
        List<Dim> y = new ArrayList<>();
        int k = 0;
        for (int i = 0; i < r; i++) {
            if (i == axis) y.add(depth);
            else {
                Dim d = e.fresh("y");
                e.eq(d, idx.dim(k++), n.in(0));
                y.add(d);
            }
        }
        return List.of(n.result(0, y));
    }

    /**
     * NonZero: {@code [rank, count]}. The count of non-zero elements is data: known when the input's
     * integer contents are (a bound input, a constant), else an unknown extent — a fresh size
     * declared {@code dynamic} (seed 004: the extent is not known at compile time), never closed.
     */
    static List<Tensor> nonZero(Node n, Emitter e) {
        Tensor x = n.input(0);
        Dim count;
        if (x.ints().isPresent()) {
            long c = Arrays.stream(x.ints().get()).filter(v -> v != 0).count();
            if (c == 0) throw n.error("no element is non-zero: a size-0 axis (Def. 1.1)");
            count = Emitter.size(c);
        } else {
            count = unknownExtent(e, "nz", Gap.Kind.UPPER_BOUND, Optional.of(new GapSources.Bound(x.name(), List.of())),
                    "the count of non-zero elements depends on the data");
        }
        return List.of(n.result(0, List.of(Emitter.size(Math.max(1, x.rank())), count)));
    }

    /**
     * Compress: X with the selected axis (or X flattened, without {@code axis}) of as many elements as
     * the condition has non-zero entries — known from constant contents, else an unknown extent. The
     * condition is 1-D and no longer than that axis.
     */
    static List<Tensor> compress(Node n, Emitter e) {
        Tensor x = n.input(0), c = n.input(1);
        if (c.rank() != 1) throw n.error("input 1 (condition) must have rank 1, it has rank " + c.rank());
        Dim count;
        if (c.ints().isPresent()) {
            long k = Arrays.stream(c.ints().get()).filter(v -> v != 0).count();
            if (k == 0) throw n.error("the condition selects nothing: a size-0 axis (Def. 1.1)");
            count = Emitter.size(k);
        } else {
            count = unknownExtent(e, "cp", Gap.Kind.UPPER_BOUND, Optional.of(new GapSources.Bound(c.name(), List.of())),
                    "the count of selected elements depends on the condition's data");
        }
        // the length checks are left out over a dim_param (no size relation stays open over one)
        if (!n.attrs().has("axis")) {
            if (x.dims().stream().allMatch(Dim::isGround))
                e.rel(Emitter.sz(c.dim(0)), Constraint.Rel.LE, Emitter.product(x.dims()),
                        n.in(1).as(n.in(1).role() + ", no longer than X's elements"));
            return List.of(n.result(0, List.of(count)));
        }
        int axis = n.axis(n.attrs().i("axis", 0), x.rank());
        if (!e.symbolic(x.dim(axis)) && !e.symbolic(c.dim(0)))
            e.rel(Emitter.sz(c.dim(0)), Constraint.Rel.LE, Emitter.sz(x.dim(axis)),
                    n.in(1).as(n.in(1).role() + ", no longer than X's axis " + axis));
        List<Dim> y = new ArrayList<>();
        for (int i = 0; i < x.rank(); i++) {
            if (i == axis) y.add(count);
            else {
                Dim d = e.fresh("y");
                e.eq(d, x.dim(i), n.in(0));
                y.add(d);
            }
        }
        return List.of(n.result(0, y));
    }

    /**
     * NonMaxSuppression: boxes {@code [batches, boxes, 4]} and scores {@code [batches, classes, boxes]}
     * agree on batches and boxes; selected_indices is {@code [count, 3]}, the count being the result of
     * the suppression itself — an upper-bound extent named after the node (seed 004's UpperBound:
     * at most one per score, {@code batches·classes·boxes}, reported, never given to the solver; the
     * tighter {@code batches·classes·min(max_output_boxes_per_class, boxes)} is no product of axes). A known {@code max_output_boxes_per_class} of 0
     * selects nothing: a size-0 axis, an error.
     */
    static List<Tensor> nonMaxSuppression(Node n, Emitter e) {
        Tensor boxes = n.input(0), scores = n.input(1);
        if (boxes.rank() != 3) throw n.error("input 0 (boxes) must have rank 3 ([batches, boxes, 4]), it has rank " + boxes.rank());
        if (scores.rank() != 3) throw n.error("input 1 (scores) must have rank 3 ([batches, classes, boxes]), it has rank " + scores.rank());
        e.eq(scores.dim(0), boxes.dim(0), n.in(1).as(n.in(1).role() + ", its batches against the boxes'"));
        e.eq(scores.dim(2), boxes.dim(1), n.in(1).as(n.in(1).role() + ", its boxes against the boxes'"));
        e.rel(Emitter.sz(boxes.dim(2)), Constraint.Rel.EQ, Emitter.lit(4), n.in(0).as(n.in(0).role() + ", 4 coordinates per box"));
        var max = n.optInput(2).flatMap(Tensor::ints);
        if (max.isPresent() && max.get().length == 1 && max.get()[0] <= 0)
            throw n.error("max_output_boxes_per_class is " + max.get()[0] + ": nothing is selected, a size-0 axis (Def. 1.1)");
        Dim count = unknownExtent(e, hint(n), Gap.Kind.UPPER_BOUND, Optional.of(new GapSources.Bound(scores.name(), List.of())),
                "the count of selected boxes is the result of the suppression (known only at run time), at most one per score");
        return List.of(n.result(0, List.of(count, Emitter.size(3))));
    }

    /**
     * A size the data decides at node {@code n} (seed 004's unknown extent): a fresh variable named
     * after the node ({@code slice_1_12} for node {@code /attn/Slice_1}), declared dynamic.
     */
    static Dim unknownExtent(Emitter e, Node n) {
        return unknownExtent(e, hint(n));
    }

    /** The readable prefix of an extent named after node {@code n}: its name's last part, else its op, lower-case first. */
    static String hint(Node n) {
        return hint(n.proto());
    }

    /** As {@link #hint(Node)} for node {@code p} (an op type that is no identifier gives {@code op}). */
    static String hint(NodeProto p) {
        String name = p.getName();
        String last = name.substring(name.lastIndexOf('/') + 1).replaceAll("[^A-Za-z0-9_]", "");
        String hint = last.isEmpty() || !Character.isLetter(last.charAt(0)) ? p.getOpType().replaceAll("[^A-Za-z0-9_]", "") : last;
        if (hint.isEmpty() || !Character.isLetter(hint.charAt(0))) hint = "op";
        return Character.toLowerCase(hint.charAt(0)) + hint.substring(1); // a dimension name starts lower-case
    }

    /** A size the data decides: a fresh variable declared dynamic (printed by name, never closed). */
    static Dim unknownExtent(Emitter e, String hint) {
        return unknownExtent(e, hint, Gap.Kind.UNKNOWN, Optional.empty(), GapLog.DATA);
    }

    /** As {@link #unknownExtent(Emitter, Node)}, for reason {@code why} (listed among the import's gaps). */
    static Dim unknownExtent(Emitter e, Node n, String why) {
        return unknownExtent(e, hint(n), Gap.Kind.UNKNOWN, Optional.empty(), why);
    }

    /**
     * A size known only at run time, {@code kind} with {@code bound} (seed 004's Unknown or
     * UpperBound; the bound is reported, never given to the solver), logged as a gap at the node
     * being translated: a fresh variable declared dynamic (printed by name, never closed).
     */
    static Dim unknownExtent(Emitter e, String hint, Gap.Kind kind, Optional<GapSources.Bound> bound, String why) {
        Dim d = e.fresh(hint);
        String name = ((Dim.Var) d).name();
        e.dynamic(name);
        e.gaps.extent(name, kind, bound, why);
        return d;
    }

    /** A size the dim_params determine through floating point ({@link RealSize}): an extent of its own, a {@link Gap.Kind#COMPUTED} gap. */
    static Dim computedExtent(Emitter e, Node n, RealSize size, String why) {
        Dim d = e.fresh(hint(n));
        String name = ((Dim.Var) d).name();
        e.dynamic(name);
        e.gaps.computed(name, size, why);
        return d;
    }

    /** EyeLike: a 2-D input's shape. */
    static List<Tensor> eyeLike(Node n, Emitter e) {
        if (n.input(0).rank() != 2) throw n.error("input 0 must have rank 2, it has rank " + n.input(0).rank());
        return Elementwise.unary(n, e);
    }

    /** The axes a shape's contents give (each at least 1): a dimension term as it is, a known size as an atom. */
    static List<Dim> dims(Node n, Emitter e, List<ShapeValue> vs, int input) {
        List<Dim> out = new ArrayList<>();
        for (int i = 0; i < vs.size(); i++) {
            switch (vs.get(i)) {
                case ShapeValue.Term(Dim d) -> out.add(d);
                case ShapeValue.Product p -> out.add(ShapeTerms.dim(n, e, p));
                case ShapeValue.Linear l -> out.add(ShapeTerms.dim(n, e, l));
                case ShapeValue.Known(long v) -> {
                    if (v < 1) throw n.error("entry " + i + " of input " + input + " is " + v + ": sizes are at least 1 (Def. 1.1)");
                    out.add(Emitter.size(v));
                }
            }
        }
        return out;
    }

    /**
     * Unique: Y has as many entries (or slices along {@code axis}) as X has distinct ones — counted
     * from known contents (constants, or inputs bound at import), else an unknown extent — and
     * indices and counts that many; the
     * inverse indices one per element of X (or per slice).
     */
    static List<Tensor> unique(Node n, Emitter e) {
        Tensor x = n.input(0);
        Integer axis = n.attrs().has("axis") ? n.axis(n.attrs().i("axis", 0), x.rank()) : null;
        double[] v = x.ints().map(a -> Arrays.stream(a).asDoubleStream().toArray()).orElse(x.floats().orElse(null));
        Dim u = v == null ? unknownExtent(e, "uniq", Gap.Kind.UPPER_BOUND,
                Optional.of(new GapSources.Bound(x.name(), axis == null ? List.of() : List.of(axis))),
                "the count of distinct values depends on the data") : Emitter.size(distinct(v, x, axis));
        List<Dim> y;
        Dim per;
        if (axis == null) {
            y = List.of(u);
            if (x.dims().stream().allMatch(d -> d instanceof Dim.Atom)) per = Emitter.size(x.dims().stream().mapToLong(d -> ((Dim.Atom) d).size()).reduce(1, (a, b) -> a * b));
            else {
                per = e.fresh("numel");
                e.define(per, Emitter.product(x.dims()), n.origin("the number of X's elements"));
            }
        } else {
            y = new ArrayList<>(x.dims());
            y.set(axis, u);
            per = x.dim(axis);
        }
        List<Tensor> outs = new ArrayList<>(List.of(n.result(0, y)));
        if (n.outputs() > 1) outs.add(n.result(1, List.of(u)));
        if (n.outputs() > 2) outs.add(n.result(2, List.of(per)));
        if (n.outputs() > 3) outs.add(n.result(3, List.of(u)));
        return outs;
    }

    /** The number of distinct values (no axis) or distinct slices along {@code axis} of known contents {@code v}. */
    private static long distinct(double[] v, Tensor x, Integer axis) {
        if (axis == null) return Arrays.stream(v).distinct().count();
        long[] d = x.dims().stream().mapToLong(t -> ((Dim.Atom) t).size()).toArray();
        long outer = 1, inner = 1;
        for (int a = 0; a < axis; a++) outer *= d[a];
        for (int a = axis + 1; a < d.length; a++) inner *= d[a];
        Set<List<Double>> slices = new HashSet<>();
        for (long s = 0; s < d[axis]; s++) {
            List<Double> slice = new ArrayList<>();
            for (long o = 0; o < outer; o++)
                for (long i = 0; i < inner; i++) slice.add(v[(int) ((o * d[axis] + s) * inner + i)]);
            slices.add(slice);
        }
        return slices.size();
    }
}
