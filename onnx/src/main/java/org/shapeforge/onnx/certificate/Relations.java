package org.shapeforge.onnx.certificate;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Span;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.InferredDim;
import org.shapeforge.onnx.Names;
import org.shapeforge.solver.Claim;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymSize;

/**
 * The relations an import's answer states, one claim per axis: the axis's term (the solver's
 * variable or term for it, {@link Imported#values()}) has the inferred size — a number
 * ({@link InferredDim.Known}), a form of the dim_params ({@link InferredDim.Symbolic}) — or is the
 * inferred term ({@link InferredDim.Residual}). An undetermined axis states nothing, nor does an
 * empty one (printed 0, outside the size semantics: its extent is left to the solver); an axis whose
 * term is what it is inferred to be (a weight's literal shape, a graph input's dim_param) states
 * nothing worth checking and is left out.
 */
public final class Relations {
    private Relations() {}

    /** One value's claims, its axes in order. */
    public record Value(String name, List<Claim> claims) {
        public Value {
            claims = List.copyOf(claims);
        }
    }

    /** Values whose claims share one relations file. */
    public record Batch(List<Value> values) {
        public Batch {
            values = List.copyOf(values);
        }

        public List<Claim> claims() {
            return values.stream().flatMap(v -> v.claims().stream()).toList();
        }

        /** {@code 'a' … 'z' (12 values, 40 axes)}, one line. */
        public String describe() {
            String first = Names.quoted(values.getFirst().name()), last = Names.quoted(values.getLast().name());
            String span = values.size() == 1 ? first : first + " … " + last;
            return Names.oneLine(span) + " (" + values.size() + (values.size() == 1 ? " value, " : " values, ") + claims().size() + " axes)";
        }
    }

    /** The claims of every value of {@code r} that has any, in {@code r}'s order (the graph's). */
    public static List<Value> of(Imported im, ImportResult r) {
        List<Value> out = new ArrayList<>();
        r.values().forEach((name, dims) -> {
            List<Dim> terms = im.values().get(name);
            if (terms == null) return;
            List<Claim> cs = new ArrayList<>();
            for (int j = 0; j < Math.min(terms.size(), dims.size()); j++) {
                String note = "value " + Names.quoted(name) + " axis " + j + ": " + dims.get(j).printed();
                Dim d = terms.get(j);
                switch (dims.get(j)) {
                    case InferredDim.Known(long n) -> { // an empty axis (0, Gap.Kind.EMPTY) is no size: the solver does not see it
                        if (n >= 1 && !literally(d, n)) cs.add(new Claim.SizeIs(d, SymSize.constant(n), note));
                    }
                    case InferredDim.Symbolic(SymSize s) -> {
                        if (!(d instanceof Dim.Var(String v, _) && s.asName().filter(v::equals).isPresent())) cs.add(new Claim.SizeIs(d, s, note));
                    }
                    case InferredDim.Residual(Dim t) -> {
                        if (!t.equals(d)) cs.add(new Claim.Holds(new Constraint.DimEq(d, t, Span.NONE), note));
                    }
                    case InferredDim.Undetermined u -> { }
                }
            }
            if (!cs.isEmpty()) out.add(new Value(name, cs));
        });
        return List.copyOf(out);
    }

    /**
     * {@code values} in batches of whole values, in order: each batch holds at least {@code least}
     * claims (but the last), and the batch size grows so that there are at most {@code most} batches.
     */
    public static List<Batch> batches(List<Value> values, int least, int most) {
        int total = values.stream().mapToInt(v -> v.claims().size()).sum();
        int size = Math.max(least, (total + most - 1) / most);
        List<Batch> out = new ArrayList<>();
        List<Value> cur = new ArrayList<>();
        int n = 0;
        for (Value v : values) {
            cur.add(v);
            n += v.claims().size();
            if (n >= size) {
                out.add(new Batch(cur));
                cur = new ArrayList<>();
                n = 0;
            }
        }
        if (!cur.isEmpty()) out.add(new Batch(cur));
        return List.copyOf(out);
    }

    /** Whether {@code d} is the number {@code n} itself (an atom of that size, or the unit for 1). */
    private static boolean literally(Dim d, long n) {
        return d instanceof Dim.Atom(long size, String basis) && size == n || d instanceof Dim.Unit && n == 1;
    }
}
