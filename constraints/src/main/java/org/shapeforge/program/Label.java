package org.shapeforge.program;

import org.shapeforge.term.Dim;

/** A captured spec label ({@code capture}): a dimension variable or a row variable. */
public sealed interface Label {
    Origin origin();

    record DimLabel(Dim.Var var, Origin origin) implements Label {}

    record RowLabel(String rowVar, Origin origin) implements Label {}
}
