package org.shapeforge.program.spec;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The spec of one row (one axis kind): {@code lead·⟨var⟩·trail} when it has an ellipsis
 * ({@code ...} names the kind's variable {@code batch}/{@code input}/{@code output},
 * {@code ..v..} names {@code v}); without one all axes are trailing and the row is closed
 * (OCANNL's parser.mly: {@code ([], None, specs)}; Remark 2.15(3): the marker at the far left).
 */
public record RowSpec(List<AxisSpec> lead, Optional<String> rowVar, List<AxisSpec> trail) {
    public RowSpec {
        lead = List.copyOf(lead);
        trail = List.copyOf(trail);
        if (rowVar.isEmpty() && !lead.isEmpty())
            throw new IllegalArgumentException("a leading flank needs an ellipsis");
    }

    /** An absent row ({@code default_row}): closed and empty. */
    public static RowSpec absent() {
        return new RowSpec(List.of(), Optional.empty(), List.of());
    }

    /** Every axis of the row, leading flank first. */
    public List<AxisSpec> axes() {
        if (lead.isEmpty()) return trail;
        var out = new ArrayList<>(lead);
        out.addAll(trail);
        return List.copyOf(out);
    }
}
