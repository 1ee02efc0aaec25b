package org.shapeforge.pipeline;

import java.util.List;
import org.shapeforge.program.Inference;
import org.shapeforge.project.Operation;
import org.shapeforge.project.ProgramProjections;

/**
 * A solved program's operations (program order, distinct labels) and their projections: what
 * {@link Stage#LOWER} and {@link Stage#RUN} take.
 */
public record Projected(Inference inference, List<Operation> operations, ProgramProjections projections) {
    public Projected {
        operations = List.copyOf(operations);
    }
}
