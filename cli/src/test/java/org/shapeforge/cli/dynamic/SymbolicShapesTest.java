package org.shapeforge.cli.dynamic;

import static org.junit.jupiter.api.Assertions.*;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.Inference;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.TensorShape;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/** Issue 17: {@code dynamic} dims stay symbolic through inference. */
public class SymbolicShapesTest {
    public static Inference infer(String program) {
        Inference inf = Inference.run(ProgramParser.parse("t.shp", program), new NativeSolver(), SolveOptions.defaults());
        assertTrue(inf.succeeded(), () -> inf.failure().orElseThrow().message());
        return inf;
    }

    static Map<String, String> printed(String program) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        SymbolicShapes.of(infer(program)).forEach((k, v) -> out.put(k, v.printed()));
        return out;
    }

    @Test
    void aBatchDimStaysSymbolicThroughComposeAndBroadcast() {
        var s = printed("""
                dynamic n
                x = data(b=[n], o=[784])
                w1 = param(o=[128])
                h = relu(w1 * x)
                """);
        assertEquals("b=[n] i=[] o=[784]", s.get("x"));
        assertEquals("b=[] i=[784] o=[128]", s.get("w1"));
        assertEquals("b=[n] i=[] o=[128]", s.get("h")); // not the closed 1
    }

    @Test
    void concatenationIsASum() {
        var s = printed("""
                dynamic n, m
                x = data(b=[n], o=[784])
                y = data(b=[m], o=[784])
                c = block(x, y, "a|->o; b|->o => a^b|->o")
                """);
        assertEquals("b=[m + n] i=[] o=[784]", s.get("c"));
    }

    @Test
    void specEqualityPutsDynamicDimsInOneClass() {
        Inference inf = infer("""
                dynamic n, m, k
                x = data(b=[n], o=[784])
                y = data(b=[m], o=[784])
                z = data(b=[k], o=[784])
                e = einsum(x, y, "a|->o; a|->o => a|->o")
                """);
        DimClasses cl = SymbolicShapes.classes(inf);
        assertEquals(List.of("k", "m = n"), cl.classes().stream().map(DimClasses.EqClass::printed).toList());
        assertEquals("b=[m] i=[] o=[784]", SymbolicShapes.of(inf).get("e").printed());
        assertEquals("b=[m] i=[] o=[784]", SymbolicShapes.of(inf).get("x").printed()); // n is m's class
    }

    @Test
    void aDynamicDimForcedToANumberIsThatNumber() {
        Inference inf = infer("""
                dynamic n
                x = data(b=[n], o=[784])
                y = data(b=[16], o=[784])
                e = einsum(x, y, "a|->o; a|->o => a|->o")
                """);
        assertEquals("n = 16", SymbolicShapes.classes(inf).classes().getFirst().printed());
        assertEquals("b=[16] i=[] o=[784]", SymbolicShapes.of(inf).get("e").printed());
    }

    @Test
    void staticProgramsGiveTheClosedShapesAsExactConstants() throws Exception {
        for (String ex : List.of("mlp.shp", "transformer-block.shp", "cnn.shp")) {
            Inference inf = infer(Files.readString(Path.of("../examples", ex)));
            Map<String, SymbolicShape> sym = SymbolicShapes.of(inf);
            for (var e : inf.shapes().entrySet()) {
                TensorShape t = e.getValue();
                SymbolicShape s = sym.get(e.getKey());
                assertEquals(sizes(t.batch()), consts(s.batch()), ex + " " + e.getKey());
                assertEquals(sizes(t.input()), consts(s.input()), ex + " " + e.getKey());
                assertEquals(sizes(t.output()), consts(s.output()), ex + " " + e.getKey());
            }
        }
    }

    static List<Long> sizes(List<org.shapeforge.term.Dim> ds) {
        return ds.stream().map(org.shapeforge.semantics.Sizes::size).toList();
    }

    static List<Long> consts(List<ShapeExtent> es) {
        return es.stream().map(x -> ((ShapeExtent.Exact) x).expr().eval(Map.of()).orElseThrow()).toList();
    }
}
