package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.shapeforge.lang.Printer;
import org.shapeforge.solve.close.StageTrace;

/**
 * {@code solve --trace}: what each stage of the native solver did (issue 28), after the answer.
 * Text: one line per stage, then its bindings. JSON: the field {@code trace}, an array of
 * {@code {stage, name, does, commitments, resolves, steps, completed, bound}} with {@code bound}
 * an object from variable ({@code <r>} for a row) to its printed value.
 */
final class StageTraceView {
    private StageTraceView() {}

    static String text(List<StageTrace> stages) {
        StringBuilder sb = new StringBuilder("trace:\n");
        for (StageTrace t : stages) {
            sb.append("  stage ").append(t.stage().number).append(' ').append(t.stage().name()).append(" (")
                    .append(t.stage().does).append("): ").append(t.commitments()).append(" commitment(s), ")
                    .append(t.resolves()).append(" re-solve(s), ").append(t.steps()).append(" step(s)")
                    .append(t.completed() ? "" : ", ended by the failure").append('\n');
            List<String> bound = new ArrayList<>();
            t.dims().forEach((k, v) -> bound.add(k + " = " + Printer.print(v)));
            t.rows().forEach((k, v) -> bound.add("<" + k + "> = " + Printer.print(v)));
            if (!bound.isEmpty()) sb.append("    bound ").append(String.join(", ", bound)).append('\n');
        }
        return sb.toString();
    }

    /** {@code doc} with the field {@code trace}. */
    static ObjectNode json(ObjectNode doc, List<StageTrace> stages) {
        ArrayNode arr = doc.putArray("trace");
        for (StageTrace t : stages) {
            ObjectNode o = arr.addObject();
            o.put("stage", t.stage().number).put("name", t.stage().name()).put("does", t.stage().does)
                    .put("commitments", t.commitments()).put("resolves", t.resolves()).put("steps", t.steps())
                    .put("completed", t.completed());
            ObjectNode b = o.putObject("bound");
            t.dims().forEach((k, v) -> b.put(k, Printer.print(v)));
            t.rows().forEach((k, v) -> b.put("<" + k + ">", Printer.print(v)));
        }
        return doc;
    }
}
