package org.shapeforge.program;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.lang.Span;
import org.shapeforge.program.spec.SpecTerms;

/**
 * What a statement's {@code capture n, …} names (seed 000's {@code capture_dims}; issue 28): a
 * label of one of the spec operations (permute, einsum, block) written in the statement, nested
 * ones included — {@code y = x + permute(x, "b|i->o => b|o->i") capture i, o} names the permute's
 * labels, as OCANNL attaches the capture to the spec operation wherever it sits in the
 * expression. A statement that is itself a spec operation captures that operation's labels only
 * (as before issue 28). Spec operations the front end writes for {@code softmax} and {@code stack_*} are not
 * the user's and are not searched. A name that is a label of two of the statement's spec
 * operations is ambiguous and an error, as is a statement without a spec operation.
 */
final class Captures {
    private Captures() {}

    /** The label {@code n} names among {@code specs} (the spec operations capture may name, in evaluation order). */
    static Label resolve(String n, List<SpecTerms> specs, Origin o, Span span) {
        if (specs.isEmpty())
            throw new ShapeError("program", span, "capture follows a permute, einsum or block: it names labels of its spec");
        List<Label> found = new ArrayList<>();
        for (SpecTerms t : specs) {
            if (t.dimLabels().containsKey(n)) found.add(new Label.DimLabel(t.dimLabels().get(n), o));
            else if (t.rowLabels().containsKey(n)) found.add(new Label.RowLabel(t.rowLabels().get(n), o));
        }
        if (found.size() > 1)
            throw new ShapeError("program", span, "'" + n + "' is a label of " + found.size()
                    + " spec operations of this statement; capture is ambiguous: write each spec operation in its own statement");
        if (found.isEmpty()) {
            Set<String> dims = new LinkedHashSet<>(), rows = new LinkedHashSet<>();
            for (SpecTerms t : specs) {
                dims.addAll(t.dimLabels().keySet());
                rows.addAll(t.rowLabels().keySet());
            }
            throw new ShapeError("program", span, "'" + n + "' is not a label of the spec; its labels are " + dims
                    + " and row variables " + rows);
        }
        return found.getFirst();
    }
}
