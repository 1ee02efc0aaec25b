package org.shapeforge.onnx;

import java.util.ArrayList;
import java.util.List;
import org.shapeforge.term.Dim;

/**
 * A multidirectional broadcast the import emitted ({@code Emitter.broadcastAll}: Add, MatMul's batch
 * axes, Expand, Einsum's ellipsis): the result row and the operand rows, aligned on the right. The
 * constraints state the broadcast order only ({@code result ⊑ operand}), which admits any result
 * axis where every operand's axis is the unit; ONNX's result axis is one of the operands' axes (the
 * one that is not 1, or 1), what closing chooses. {@link #candidates} lists them for a reader that
 * states that fact (the certificate).
 */
public record Broadcast(List<Dim> result, List<List<Dim>> operands, NodeOrigin origin) {
    public Broadcast {
        result = List.copyOf(result);
        operands = operands.stream().map(List::copyOf).toList();
    }

    /** The operands' axes aligned with result axis {@code i} (right-aligned; an operand of lower rank lacks the leading ones). */
    public List<Dim> candidates(int i) {
        List<Dim> out = new ArrayList<>();
        for (List<Dim> op : operands) {
            int j = i - (result.size() - op.size());
            if (j >= 0 && j < op.size()) out.add(op.get(j));
        }
        return List.copyOf(out);
    }
}
