package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import onnx.Onnx.GraphProto;
import onnx.Onnx.ModelProto;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto;
import onnx.Onnx.ValueInfoProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Results do not depend on the order of the generated constraints nor on value names (BRIEF):
 * every pytorch-converted model of the corpus, solved with its constraints shuffled (three seeds)
 * and with every value renamed, gives the same shapes. Skipped where the corpus is not installed.
 */
class ImportMetamorphicTest {
    private static final NativeSolver SOLVER = new NativeSolver();
    private static final Path ROOT = Conformance.DEFAULT_ROOT.resolve("pytorch-converted");

    private static List<Path> models() throws Exception {
        org.shapeforge.testenv.Requires.that(Files.isDirectory(ROOT), "libonnx-testdata is not installed (" + ROOT + ")");
        return Conformance.tests(ROOT);
    }

    private static Map<String, TensorProto> inputs(ModelProto m, Path dir) {
        Map<String, TensorProto> bind = new LinkedHashMap<>();
        var inits = m.getGraph().getInitializerList().stream().map(TensorProto::getName).toList();
        int k = 0;
        for (ValueInfoProto v : m.getGraph().getInputList()) {
            if (inits.contains(v.getName())) continue;
            Path p = dir.resolve("test_data_set_0").resolve("input_" + k++ + ".pb");
            if (Files.exists(p)) bind.put(v.getName(), Model.tensor(p));
        }
        return bind;
    }

    /** A default-domain op shaped from its node alone (control flow and other domains are left out of these checks). */
    private static boolean nodeLocal(String opType) {
        return OpRegistry.lookup(OpKey.DEFAULT, opType).filter(s -> s.shape() instanceof ShapeLogic.Local).isPresent();
    }

    @Test
    void shuffledConstraintsGiveTheSameShapes() throws Exception {
        int checked = 0;
        for (Path dir : models()) {
            ModelProto m = Model.load(dir.resolve("model.onnx"));
            if (m.getGraph().getNodeList().stream().anyMatch(n -> !nodeLocal(n.getOpType()))) continue;
            Imported im = Importer.translate(m, dir.toString(), inputs(m, dir), SOLVER);
            var expected = im.solve(SOLVER, SolveOptions.defaults()).shapes();
            for (long seed = 1; seed <= 3; seed++) {
                List<Statement> st = new ArrayList<>(im.problem().statements());
                Collections.shuffle(st, new Random(seed));
                Imported shuffled = new Imported(im.file(), im.constraints(), im.origins(), new Problem(im.file(), st),
                        im.values(), im.inputs(), im.outputs(), im.dynamic(), im.runtime());
                assertEquals(expected, shuffled.solve(SOLVER, SolveOptions.defaults()).shapes(), dir + " seed " + seed);
            }
            checked++;
        }
        assertTrue(checked >= 50, "models checked: " + checked);
    }

    @Test
    void renamedValuesGiveTheSameShapes() throws Exception {
        int checked = 0;
        for (Path dir : models()) {
            ModelProto m = Model.load(dir.resolve("model.onnx"));
            if (m.getGraph().getNodeList().stream().anyMatch(n -> !nodeLocal(n.getOpType()))) continue;
            var expected = Importer.translate(m, "a", inputs(m, dir), SOLVER).solve(SOLVER, SolveOptions.defaults()).shapes();
            ModelProto r = renamed(m);
            Map<String, TensorProto> bind = new LinkedHashMap<>();
            inputs(m, dir).forEach((k, v) -> bind.put("v_" + k, v));
            var got = Importer.translate(r, "b", bind, SOLVER).solve(SOLVER, SolveOptions.defaults()).shapes();
            Map<String, List<String>> back = new LinkedHashMap<>();
            got.forEach((k, v) -> back.put(k.substring(2), v));
            assertEquals(expected, back, dir.toString());
            checked++;
        }
        assertTrue(checked >= 50, "models checked: " + checked);
    }

    private static ModelProto renamed(ModelProto m) {
        GraphProto.Builder g = m.getGraph().toBuilder();
        for (int i = 0; i < g.getInputCount(); i++) g.setInput(i, g.getInput(i).toBuilder().setName("v_" + g.getInput(i).getName()));
        for (int i = 0; i < g.getOutputCount(); i++) g.setOutput(i, g.getOutput(i).toBuilder().setName("v_" + g.getOutput(i).getName()));
        for (int i = 0; i < g.getInitializerCount(); i++)
            g.setInitializer(i, g.getInitializer(i).toBuilder().setName("v_" + g.getInitializer(i).getName()));
        for (int i = 0; i < g.getNodeCount(); i++) {
            NodeProto.Builder n = g.getNode(i).toBuilder().setName("n_" + g.getNode(i).getName());
            for (int k = 0; k < n.getInputCount(); k++) if (!n.getInput(k).isEmpty()) n.setInput(k, "v_" + n.getInput(k));
            for (int k = 0; k < n.getOutputCount(); k++) if (!n.getOutput(k).isEmpty()) n.setOutput(k, "v_" + n.getOutput(k));
            g.setNode(i, n);
        }
        return m.toBuilder().setGraph(g).build();
    }
}
