package org.shapeforge.onnx.fallback;

import java.util.List;
import org.shapeforge.onnx.ImportResult;

/**
 * What the fallback derived from Z3: every value's shape ({@code result}; a {@code disagreement}
 * failure when native and Z3 answered an axis differently), why each {@code ?} axis stayed so
 * ({@code notes}, graph order), the disagreements themselves, how many solver queries it took, and on how many axes Z3's own
 * guesses proved nothing and native's answer, proved by Z3, was kept ({@code seeded}).
 */
public record FallbackShapes(ImportResult result, List<AxisNote> notes, List<Disagreement> disagreements, int queries, int seeded) {
    public FallbackShapes {
        notes = List.copyOf(notes);
        disagreements = List.copyOf(disagreements);
    }
}
