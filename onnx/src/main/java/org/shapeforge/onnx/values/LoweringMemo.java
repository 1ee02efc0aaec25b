package org.shapeforge.onnx.values;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.program.Fold;
import org.shapeforge.term.Assignment;

/**
 * The loop IR {@link Projected} lowered for one projections operation, remembered. Lowering is a
 * pure function of the operation (its occurrences and constraints), the closed model, the pads,
 * the fold and the loop order — the {@link Key} — and a run node by node ({@link GraphRun}, an
 * interpreted compiled model) lowers every node again on every run, where projection inference
 * and {@code ProgramLowering} cost 0.3 to 0.9 ms a convolution against one hash lookup.
 * Bounded (the least recently used entry goes past {@link #CAPACITY}) and thread-safe; the values
 * a kernel reads are bound afterwards ({@link Kernel#lowered}), never remembered.
 */
final class LoweringMemo {
    private LoweringMemo() {}

    /** Everything the lowering reads. */
    record Key(org.shapeforge.project.Operation op, Assignment model, List<ExplicitPads.Pad> pads, Fold fold, List<String> order) {
        Key {
            pads = List.copyOf(pads);
            order = List.copyOf(order);
        }
    }

    static final int CAPACITY = 4096;

    private static final Map<Key, Operation> MEMO = Collections.synchronizedMap(new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Operation> eldest) {
            return size() > CAPACITY;
        }
    });

    /** The remembered lowering of {@code key}, or {@code lower}'s, remembered. */
    static Operation lowered(Key key, Supplier<Operation> lower) {
        Operation op = MEMO.get(key);
        if (op == null) {
            op = lower.get();
            MEMO.put(key, op);
        }
        return op;
    }
}
