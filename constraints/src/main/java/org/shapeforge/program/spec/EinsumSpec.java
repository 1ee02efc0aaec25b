package org.shapeforge.program.spec;

import java.util.List;

/**
 * A parsed spec {@code rhs1;rhs2;…=>lhs} (the right-hand sides come first, as in OCANNL), with the
 * text it came from and whether it was read in multi-character mode.
 */
public record EinsumSpec(String text, List<ShapeSpec> rhs, ShapeSpec lhs, boolean multichar) {
    public EinsumSpec {
        rhs = List.copyOf(rhs);
        if (rhs.isEmpty()) throw new IllegalArgumentException("a spec needs at least one right-hand side");
    }
}
