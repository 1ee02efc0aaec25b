package org.shapeforge.cli.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.cli.CliRun;

/**
 * A dynamic program's answer does not depend on the order of its statements: the examples'
 * dynamic programs, one whose two dynamic dims an einsum equates, and generated ones
 * ({@link SymbolicCorpusTest#program}), each with its
 * statements in random orders that keep every name defined before its use, give the same
 * {@code infer --json} document — every tensor's shape, the symbolic sizes and the names in them,
 * labels, equal-dim classes, domain conditions, failure kind. Legitimately in source order, and so
 * compared as sets: the {@code facts} (the user's declarations, printed as written) and a
 * failure's message and constraints (they cite lines).
 */
class ShuffledStatementsTest {
    static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_']*");
    static final Pattern DEFINED = Pattern.compile("^\\s*([A-Za-z_][A-Za-z0-9_']*)\\s*=[^=]");
    static final Pattern CAPTURED = Pattern.compile("\\bcapture\\s+([A-Za-z0-9_', ]+)$");
    static final ObjectMapper JSON = new ObjectMapper();
    static final int ORDERS = 3;

    @TempDir
    Path dir;

    @Test
    void shuffledStatementsGiveTheSameAnswer() throws IOException {
        Map<String, String> programs = new LinkedHashMap<>();
        try (Stream<Path> s = Files.list(Path.of("../examples"))) {
            for (Path p : s.filter(p -> p.getFileName().toString().matches(".*dynamic.*\\.shp")).sorted().toList())
                programs.put(p.getFileName().toString(), Files.readString(p));
        }
        assertTrue(!programs.isEmpty(), "no dynamic example program");
        // two dynamic dims an einsum makes equal: one class, printed as its least name whatever the order
        programs.put("equated.shp", """
                dynamic q, a
                q in 1..64
                likely(a) = {8}
                x = data(b=[q], o=[4])
                y = data(b=[a], o=[4])
                z = einsum(x, y, "b|f; b|f => b|f")
                """);
        Random gen = new Random(38);
        for (int c = 0; c < 12; c++) programs.put("generated" + c + ".shp", SymbolicCorpusTest.program(gen));
        Random shuffle = new Random(3801);
        int succeeded = 0;
        for (var e : programs.entrySet()) {
            List<String> statements = statements(e.getValue());
            JsonNode expected = answer(e.getKey(), statements);
            if (expected.path("failure").isNull()) succeeded++;
            for (int o = 0; o < ORDERS; o++) {
                List<String> order = shuffled(statements, shuffle);
                assertEquals(expected, answer(e.getKey(), order), e.getKey() + " in the order\n" + String.join("\n", order));
            }
        }
        assertTrue(succeeded >= programs.size() / 2, "most programs must infer: " + succeeded + " of " + programs.size());
    }

    /**
     * The program's statements: its lines but comments and blank ones, a {@code dynamic a, b}
     * declaration split into one statement per name (so that their order is shuffled too).
     */
    static List<String> statements(String text) {
        List<String> out = new ArrayList<>();
        for (String l : text.lines().filter(l -> !l.isBlank() && !l.strip().startsWith("#")).toList()) {
            if (l.strip().startsWith("dynamic ")) for (String n : l.strip().substring(8).split(",")) out.add("dynamic " + n.strip());
            else out.add(l);
        }
        return out;
    }

    /** What statement {@code s} names for later ones: a tensor, dynamic dims, captured labels. */
    static Set<String> defines(String s) {
        Set<String> out = new HashSet<>();
        Matcher d = DEFINED.matcher(s);
        if (d.find() && !s.strip().startsWith("set ")) out.add(d.group(1));
        if (s.strip().startsWith("dynamic ")) for (String n : s.strip().substring(8).split(",")) out.add(n.strip());
        Matcher c = CAPTURED.matcher(s);
        if (c.find()) for (String n : c.group(1).split(",")) out.add(n.strip());
        return out;
    }

    /** A random order of {@code statements} in which each comes after every earlier one defining a name it mentions. */
    static List<String> shuffled(List<String> statements, Random r) {
        int n = statements.size();
        List<Set<Integer>> after = new ArrayList<>();
        Map<String, Integer> definedBy = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Set<Integer> deps = new HashSet<>();
            Matcher m = NAME.matcher(statements.get(i).replaceAll("\"[^\"]*\"", "\"\""));
            while (m.find()) {
                Integer j = definedBy.get(m.group());
                if (j != null) deps.add(j);
            }
            after.add(deps);
            for (String d : defines(statements.get(i))) definedBy.putIfAbsent(d, i);
        }
        List<String> out = new ArrayList<>();
        Set<Integer> placed = new HashSet<>();
        while (out.size() < n) {
            List<Integer> ready = new ArrayList<>();
            for (int i = 0; i < n; i++) if (!placed.contains(i) && placed.containsAll(after.get(i))) ready.add(i);
            int pick = ready.get(r.nextInt(ready.size()));
            placed.add(pick);
            out.add(statements.get(pick));
        }
        return out;
    }

    /** {@code infer --json} of the statements, with what legitimately follows the source order made a set. */
    private JsonNode answer(String name, List<String> statements) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, String.join("\n", statements) + "\n");
        CliRun r = CliRun.of("infer", f.toString(), "--json");
        JsonNode doc = JSON.readTree(r.out());
        assertTrue(doc.has("tensors") || doc.has("failure"), name + ": " + r.out() + r.err());
        ObjectNode o = (ObjectNode) doc;
        o.set("facts", sorted(o.path("facts")));
        if (o.path("failure").isObject()) {
            ObjectNode fail = (ObjectNode) o.path("failure");
            fail.retain("kind");
        }
        return o;
    }

    private static ArrayNode sorted(JsonNode array) {
        List<String> items = new ArrayList<>();
        array.forEach(n -> items.add(n.toString()));
        items.sort(null);
        ArrayNode out = JSON.createArrayNode();
        items.forEach(out::add);
        return out;
    }
}
