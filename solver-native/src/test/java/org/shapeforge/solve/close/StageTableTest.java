package org.shapeforge.solve.close;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The stage table of {@code docs/solver.md} ("Pipeline and stage table") is the code's: its rows,
 * in order, are stage 1 ({@link Stage#SOLVE}, the engine's run) and then the stages of
 * {@link Closing#PIPELINE}, each with {@link Stage#number}, its name and {@link Stage#does}. A
 * stage added to the pipeline without its row, a row left behind, or a description changed on
 * one side only fails here.
 */
class StageTableTest {
    /** {@code | 3 (`LEAF_ROWS`) | leaf rows -> join of caps | …}: number, name, description. */
    private static final Pattern ROW = Pattern.compile("^\\| (\\d+) \\(`([A-Z_]+)`\\) \\| ((?:[^|\\\\]|\\\\\\|)+?) \\|");

    static List<String> documented(String doc) {
        int at = doc.indexOf("## Pipeline and stage table");
        assertFalse(at < 0, "docs/solver.md has no section \"Pipeline and stage table\"");
        List<String> out = new ArrayList<>();
        boolean inTable = false;
        for (String line : doc.substring(at).lines().toList()) {
            Matcher m = ROW.matcher(line);
            if (m.find()) {
                out.add(m.group(1) + " " + m.group(2) + " " + m.group(3).replace("\\|", "|"));
                inTable = true;
            } else if (inTable && !line.startsWith("|")) break;
        }
        return out;
    }

    static List<String> implemented() {
        List<String> out = new ArrayList<>();
        out.add(row(Stage.SOLVE));
        for (Stage s : Closing.stages()) out.add(row(s));
        return out;
    }

    private static String row(Stage s) {
        return s.number + " " + s.name() + " " + s.does;
    }

    @Test
    void theDocumentedStageTableIsThePipeline() throws IOException {
        String doc = Files.readString(Path.of("../docs/solver.md"));
        assertEquals(implemented(), documented(doc));
    }

    @Test
    void everyStageIsRunOnceInTheOrderOfItsNumber() {
        List<Stage> stages = Closing.stages();
        assertEquals(stages.stream().distinct().toList(), stages, "a stage runs once");
        assertFalse(stages.contains(Stage.SOLVE), "stage 1 is the engine's own run, not a closing pass");
        for (int i = 1; i < stages.size(); i++)
            assertFalse(stages.get(i).number < stages.get(i - 1).number, stages.get(i) + " runs after a later stage");
        assertEquals(Stage.values().length - 1, stages.size(), "every stage but SOLVE has a pass");
    }
}
