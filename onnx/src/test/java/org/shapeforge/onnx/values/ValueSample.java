package org.shapeforge.onnx.values;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.TreeMap;
import onnx.Onnx.ModelProto;
import org.shapeforge.onnx.Conformance;
import org.shapeforge.onnx.Model;

/**
 * The values campaign's stratified sample (issue 27): one node test per op type, so a regression
 * in any op family's lowering fails the default suite. The rule, deterministic and independent of
 * any run's results: among ONNX's node tests whose every op has a lowering ({@link GraphRun#unlowered}
 * empty), sorted by the number of distinct op types (the test that isolates the op best) and then by
 * name, each op type takes the first test that contains it ({@link Conformance#opTypes}: the
 * graph's top-level ops). The whole campaign stays behind {@code -Dshapeforge.onnx.values.full=true}.
 */
final class ValueSample {
    private ValueSample() {}

    /** A node test and its op types. */
    record Test(String name, List<String> ops) {}

    /** Op type → the sample's test for it, sorted by op type. */
    static Map<String, Test> perOpType(Path root) throws IOException {
        List<Test> runnable = new ArrayList<>();
        for (Path dir : Conformance.tests(root)) {
            String name = Conformance.testName(root, dir);
            if (!name.startsWith("node/")) continue;
            ModelProto m = Model.load(dir.resolve("model.onnx"));
            if (GraphRun.unlowered(m).isEmpty()) runnable.add(new Test(name, Conformance.opTypes(m)));
        }
        runnable.sort(Comparator.comparingInt((Test t) -> t.ops().size()).thenComparing(Test::name));
        Map<String, Test> out = new TreeMap<>();
        for (Test t : runnable) for (String op : t.ops()) out.putIfAbsent(op, t);
        return out;
    }

    /**
     * The rows of a committed table in the test resources ({@code resource}, e.g. {@code /values/sample-op-types.tsv}):
     * tab-separated fields, blank lines and lines starting with {@code #} skipped.
     */
    static List<List<String>> table(String resource) throws IOException {
        try (InputStream in = ValueSample.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("no test resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).map(l -> List.of(l.split("\t"))).toList();
        }
    }

    /** The first field of each row of {@link #table}, sorted. */
    static Set<String> committed(String resource) throws IOException {
        Set<String> out = new TreeSet<>();
        for (List<String> row : table(resource)) out.add(row.getFirst());
        return out;
    }
}
