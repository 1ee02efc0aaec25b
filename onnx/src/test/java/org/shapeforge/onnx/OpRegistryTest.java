package org.shapeforge.onnx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import onnx.Onnx.GraphProto;
import onnx.Onnx.NodeProto;
import org.junit.jupiter.api.Test;
import org.shapeforge.onnx.values.Lowering;
import org.shapeforge.onnx.values.Lowerings;

/**
 * The op registry keeps each op's two halves together: every registered op has a shape logic and
 * either a lowering or its own stated reason for none; every family lowering of {@code values} is
 * reached by some registered op (no lowering without a shape logic); every op ONNX's conformance
 * data exercises is registered or listed unsupported with a reason.
 */
class OpRegistryTest {

    @Test
    void everyOpLowersOrStatesWhyNot() {
        Map<String, Set<Integer>> familiesOfReason = new TreeMap<>();
        List<List<OpSpec>> families = OpRegistry.families();
        for (int f = 0; f < families.size(); f++)
            for (OpSpec s : families.get(f)) {
                assertTrue(s.shape() != null, s.key() + " has no shape logic");
                switch (s.lowering()) {
                    case Lowering.Lowered l -> assertTrue(l.fn() != null, s.key() + ": a lowering without a function");
                    case Lowering.NotLowered(String reason) -> {
                        assertFalse(reason.isBlank(), s.key() + ": a blank reason");
                        familiesOfReason.computeIfAbsent(reason, r -> new TreeSet<>()).add(f);
                    }
                }
            }
        assertFalse(familiesOfReason.isEmpty(), "no op without a lowering: the check below checks nothing");
        // a reason is specific to its ops: one text across families would be a generic "not lowered"
        familiesOfReason.forEach((reason, fs) -> assertEquals(1, fs.size(), "one reason for ops of several families: " + reason));
    }

    @Test
    void everyFamilyLoweringIsReachedByARegisteredOp() throws IllegalAccessException {
        Set<Lowering> used = new java.util.HashSet<>();
        OpRegistry.all().forEach(s -> used.add(s.lowering()));
        List<String> unreached = new ArrayList<>();
        for (Field f : Lowerings.class.getFields())
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == Lowering.class && !used.contains((Lowering) f.get(null)))
                unreached.add(f.getName());
        assertEquals(List.of(), unreached, "lowerings no registered op (no shape logic) reaches");
    }

    @Test
    void lookupIsByDomainAndOpType() {
        assertTrue(OpRegistry.lookup("", "Conv").isPresent());
        assertEquals(OpRegistry.lookup("", "Conv"), OpRegistry.lookup("ai.onnx", "Conv"), "ai.onnx is the default domain");
        assertTrue(OpRegistry.lookup("com.example", "Conv").isEmpty(), "an op of another domain is another op");
        assertTrue(OpRegistry.lookup("ai.onnx.preview.training", "Adam").isPresent());
        assertTrue(OpRegistry.lookup("", "Adam").isEmpty(), "Adam is a training-domain op only");
        assertTrue(OpRegistry.lookup("", "If").map(s -> s.shape() instanceof ShapeLogic.Scoped).orElse(false));
    }

    @Test
    void everyOpOfTheConformanceDataIsRegisteredOrListedUnsupported() throws Exception {
        Path root = Conformance.DEFAULT_ROOT;
        org.shapeforge.testenv.Requires.that(Files.isDirectory(root.resolve("node")),
                "libonnx-testdata is not installed (" + root + "): `apt-get install libonnx-testdata`");
        Map<OpKey, String> seen = new TreeMap<>(); // op → the first test using it
        try (Stream<Path> models = Files.find(root, 3, (p, a) -> p.getFileName().toString().equals("model.onnx"))) {
            for (Path model : models.sorted().toList())
                ops(Model.load(model).getGraph(), root.relativize(model.getParent()).toString(), seen);
        }
        assertTrue(seen.size() > 100, "the conformance data's op types were read: " + seen.size());
        Map<OpKey, String> neither = new HashMap<>();
        seen.forEach((op, test) -> {
            if (OpRegistry.lookup(op).isEmpty() && !OpRegistry.UNSUPPORTED.containsKey(op)) neither.put(op, test);
        });
        assertEquals(Map.of(), neither, "ops neither registered nor listed unsupported (op → a test using it)");
        for (var e : OpRegistry.UNSUPPORTED.entrySet()) {
            assertTrue(OpRegistry.lookup(e.getKey()).isEmpty(), e.getKey() + " is registered and listed unsupported");
            assertFalse(e.getValue().isBlank(), e.getKey() + ": no reason");
        }
    }

    private static void ops(GraphProto g, String test, Map<OpKey, String> seen) {
        for (NodeProto n : g.getNodeList()) {
            seen.putIfAbsent(OpKey.of(n), test);
            for (var a : n.getAttributeList()) {
                if (a.hasG()) ops(a.getG(), test, seen);
                for (GraphProto sub : a.getGraphsList()) ops(sub, test, seen);
            }
        }
    }
}
