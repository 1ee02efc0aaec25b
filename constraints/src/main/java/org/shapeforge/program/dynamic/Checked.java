package org.shapeforge.program.dynamic;

import java.util.List;

/** The result of a consumer rule: the output extents, or the structured refusal. */
public sealed interface Checked {
    record Ok(List<ShapeExtent> extents) implements Checked {
        public Ok {
            extents = List.copyOf(extents);
        }
    }

    record Refused(ExtentError error) implements Checked {}
}
