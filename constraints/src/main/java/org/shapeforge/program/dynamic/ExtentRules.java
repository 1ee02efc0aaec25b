package org.shapeforge.program.dynamic;

import java.util.ArrayList;
import java.util.List;

/**
 * The consumer contract of {@code seeds/004_…} ("Compiler Pass Contract"): each operation states the
 * guarantee it needs. Rank is always exact (the list length). Rules:
 * <ul>
 *   <li>{@link #truncate}: {@code DynamicTruncate} — the truncated axis becomes
 *       {@code UpperBound(input extent)} (first-stage rule), every other axis keeps its extent;</li>
 *   <li>{@link #transpose}: permutes extents without changing any guarantee;</li>
 *   <li>{@link #reshape} and {@link #broadcast}: every target extent must be {@code Exact} (symbolic
 *       is fine: execution resolves it); otherwise an {@link ExtentError} naming the op, the field and
 *       what was observed;</li>
 *   <li>{@link #requireConstant}: a backend config that needs a number now; symbolic is refused too.</li>
 * </ul>
 * No rule turns an {@code UpperBound} or {@code Unknown} into {@code Exact}.
 */
public final class ExtentRules {
    private ExtentRules() {}

    /** {@code truncate(a, axis, size_tensor)}: the axis is at most its input extent. */
    public static List<ShapeExtent> truncate(List<ShapeExtent> in, int axis, String sizeTensor) {
        checkAxis(in, axis, "truncate");
        List<ShapeExtent> out = new ArrayList<>(in);
        out.set(axis, switch (in.get(axis)) {
            case ShapeExtent.Exact(var e) -> new ShapeExtent.UpperBound(e);
            case ShapeExtent.UpperBound u -> u;
            case ShapeExtent.Unknown u -> u;
        });
        return List.copyOf(out);
    }

    /** {@code out[j] = in[perm[j]]}, guarantees untouched. */
    public static List<ShapeExtent> transpose(List<ShapeExtent> in, int[] perm) {
        if (perm.length != in.size()) throw new IllegalArgumentException("transpose: permutation of rank "
                + perm.length + " for a tensor of rank " + in.size());
        boolean[] seen = new boolean[perm.length];
        List<ShapeExtent> out = new ArrayList<>();
        for (int p : perm) {
            checkAxis(in, p, "transpose");
            if (seen[p]) throw new IllegalArgumentException("transpose: axis " + p + " appears twice");
            seen[p] = true;
            out.add(in.get(p));
        }
        return List.copyOf(out);
    }

    /** A reshape to {@code target}: every target extent must be exact. */
    public static Checked reshape(List<ShapeExtent> target) {
        return requireExact("reshape", "target", target);
    }

    /** A broadcast-in-dim to {@code target}: every target extent must be exact. */
    public static Checked broadcast(List<ShapeExtent> target) {
        return requireExact("broadcast", "target", target);
    }

    /** Every extent exact, or the first that is not, named as {@code field[i]}. */
    public static Checked requireExact(String op, String field, List<ShapeExtent> es) {
        for (int i = 0; i < es.size(); i++)
            if (!(es.get(i) instanceof ShapeExtent.Exact))
                return refuse(op, field, i, es.get(i));
        return new Checked.Ok(es);
    }

    /** Every extent an exact constant (a backend config resolved now). */
    public static Checked requireConstant(String op, String field, List<ShapeExtent> es) {
        for (int i = 0; i < es.size(); i++)
            if (!(es.get(i) instanceof ShapeExtent.Exact(var e)) || e.symbolic())
                return refuse(op, field, i, es.get(i));
        return new Checked.Ok(es);
    }

    private static Checked refuse(String op, String field, int i, ShapeExtent e) {
        return new Checked.Refused(new ExtentError(op, field + "[" + i + "]", e.guarantee(), e.printed()));
    }

    private static void checkAxis(List<ShapeExtent> in, int axis, String op) {
        if (axis < 0 || axis >= in.size())
            throw new IllegalArgumentException(op + ": axis " + axis + " out of range for rank " + in.size());
    }
}
