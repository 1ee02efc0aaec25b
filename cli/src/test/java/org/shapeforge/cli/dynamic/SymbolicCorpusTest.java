package org.shapeforge.cli.dynamic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.TensorShape;
import org.shapeforge.program.dynamic.DimClasses;
import org.shapeforge.program.dynamic.ShapeExtent;
import org.shapeforge.program.dynamic.Specialise;
import org.shapeforge.program.dynamic.SymbolicShape;
import org.shapeforge.program.dynamic.SymbolicShapes;
import org.shapeforge.semantics.Sizes;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.sym.SymCondition;

/**
 * Issue 31's metamorphic property over a generated corpus with dynamic batch ({@code n}), sequence
 * ({@code t}) and spatial ({@code h}, {@code v}) dims: convolutions with stride, padding ({@code =})
 * or none ({@code <}) and dilation, pooling (a captured, set window), pointwise chains, concatenation
 * ({@code block}, of spatial and of batch axes), {@code slice}, {@code flatten}, einsum and compose.
 * The program is inferred once symbolically (a generated program the solver refuses is skipped; most
 * must infer); at 3 random bindings inside its domain (every
 * {@link SymbolicShapes#requires} condition holds; one size per equal-dim class) each tensor's every
 * axis is an exact extent over the dynamic names only — never {@code ?}, never an internal variable —
 * and its value at the binding is the size inferred for the program {@link Specialise}d there
 * ("bind, then infer = infer, then substitute").
 */
class SymbolicCorpusTest {
    static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_'φȼ]*");

    static String program(Random r) {
        StringBuilder sb = new StringBuilder("""
                dynamic n, t, h, v
                x0 = data(b=[n], o=[h, 3])
                x1 = slice(data(b=[3, n], o=[v, 3]), 3)
                s0 = data(b=[n, t], o=[4])
                s1 = data(b=[t], o=[4])
                w = param(i=[4], o=[4])
                """);
        List<String> sp = new ArrayList<>(List.of("x0", "x1")), sq = new ArrayList<>(List.of("s0")), fl = new ArrayList<>();
        int steps = 4 + r.nextInt(4);
        for (int k = 0; k < steps; k++) {
            String a = sp.get(r.nextInt(sp.size())), y = "y" + k;
            int kernel = 1 + r.nextInt(3), stride = 1 + r.nextInt(3);
            String st = stride == 1 ? "" : stride + "*";
            switch (r.nextInt(10)) {
                case 0 -> { // padded convolution with stride
                    sb.append(y).append(" = einsum(").append(a).append(", param(i=[").append(kernel).append(", 3], o=[3]), \"b|")
                            .append(st).append("h=+kh,c; kh,c->f => b|h,f\")\n");
                    sp.add(y);
                }
                case 1 -> { // valid convolution with stride
                    sb.append(y).append(" = einsum(").append(a).append(", param(i=[").append(kernel).append(", 3], o=[3]), \"b|")
                            .append(st).append("h<+kh,c; kh,c->f => b|h,f\")\n");
                    sp.add(y);
                }
                case 2 -> { // valid convolution with dilation
                    sb.append(y).append(" = einsum(").append(a).append(", param(i=[").append(kernel).append(", 3], o=[3]), \"b|h<+")
                            .append(stride).append("*kh,c; kh,c->f => b|h,f\")\n");
                    sp.add(y);
                }
                case 3 -> { // pooling: a window captured and set
                    sb.append(y).append(" = permute(").append(a).append(", \"b|").append(st).append("h<+w").append(k).append(",c => b|h,c\") capture w")
                            .append(k).append('\n').append("set w").append(k).append(" = ").append(kernel).append('\n');
                    sp.add(y);
                }
                case 4 -> { // pointwise chains: over the sequence (consumed further), over an image (a leaf)
                    String s = sq.get(r.nextInt(sq.size()));
                    sb.append(y).append(" = relu(relu(").append(s).append(") + ").append(s).append(")\n");
                    sq.add(y);
                    // A pointwise result over a spatial dim is not fed to the convolutions here. It closed
                    // to a number once (`y = relu(x)` then a valid 2-wide conv of y gave y = [2]); that no
                    // longer happens (reluThenAValidConvKeepsTheSpatialAxisSymbolic), but feeding p on
                    // changes this corpus and meets a refusal inside the domain, a defect of its own pinned
                    // by aStridedOneWideConvAtSizeOneIsRefusedInsideTheDomainAKnownDefect: the steering
                    // stays until that is fixed.
                    sb.append('p').append(k).append(" = relu(").append(a).append(") + ").append(a).append('\n');
                }
                case 5 -> { // concatenation of two spatial axes
                    String b = sp.get(r.nextInt(sp.size()));
                    sb.append(y).append(" = block(").append(a).append(", ").append(b).append(", \"b|p,c; b|q,c => b|p^q,c\")\n");
                    sp.add(y);
                }
                case 6 -> { // flatten spatial and channels
                    sb.append(y).append(" = flatten(").append(a).append(", 2)\n");
                    fl.add(y);
                }
                case 7 -> { // einsum over the sequence
                    String s = sq.get(r.nextInt(sq.size()));
                    sb.append(y).append(" = einsum(").append(s).append(", s0, \"b,r|f; b,r|f => b,r|f\")\n");
                    sq.add(y);
                }
                case 8 -> { // compose, broadcasting a sequence-only operand over the batch
                    String s = sq.get(r.nextInt(sq.size()));
                    sb.append(y).append(" = w * (").append(s).append(" + s1)\n");
                    sq.add(y);
                }
                default -> { // concatenation of batch axes
                    String s = sq.get(r.nextInt(sq.size()));
                    sb.append(y).append(" = block(").append(s).append(", data(b=[2, t], o=[4]), \"a,r|->o; c,r|->o => a^c,r|->o\")\n");
                }
            }
        }
        return sb.toString();
    }

    @Test
    void everyTensorIsTheSolversExpressionAndBindThenInferAgrees() {
        Random r = new Random(3117);
        int programs = 0, checked = 0, noDomain = 0;
        List<String> refused = new ArrayList<>();
        for (int c = 0; c < 40; c++) {
            String text = program(r);
            Program p = ProgramParser.parse("corpus" + c + ".shp", text);
            Inference sym = Inference.run(p, new NativeSolver(), SolveOptions.defaults());
            if (!sym.succeeded()) continue; // a generated program can be inconsistent (a concat v^v strided by 2 must be odd)
            programs++;
            Map<String, SymbolicShape> shapes = SymbolicShapes.of(sym);
            DimClasses classes = SymbolicShapes.classes(sym);
            List<SymCondition> requires = SymbolicShapes.requires(sym);
            for (var e : shapes.entrySet())
                for (ShapeExtent x : axes(e.getValue())) {
                    assertInstanceOf(ShapeExtent.Exact.class, x, e.getKey() + " in\n" + text);
                    Matcher m = NAME.matcher(x.printed());
                    while (m.find())
                        assertTrue(SymbolicShapes.dynamicNames(sym).contains(m.group()),
                                e.getKey() + " prints " + x.printed() + ": " + m.group() + " is no dynamic dim, in\n" + text);
                }
            for (int b = 0; b < 3; b++) {
                Map<String, Long> env = inside(classes, requires, r);
                if (env == null) {
                    noDomain++;
                    continue;
                }
                Inference bound = Inference.run(Specialise.of(p, env), new NativeSolver(), SolveOptions.defaults());
                if (!bound.succeeded()) { // inside the symbolic domain the specialised program must infer
                    refused.add(env + " in\n" + text + "\n" + bound.solution());
                    continue;
                }
                for (var e : bound.shapes().entrySet()) {
                    TensorShape t = e.getValue();
                    List<Long> expect = new ArrayList<>();
                    for (List<Dim> row : List.of(t.batch(), t.input(), t.output())) row.forEach(d -> expect.add(Sizes.size(d)));
                    List<Long> got = axes(shapes.get(e.getKey())).stream()
                            .map(x -> ((ShapeExtent.Exact) x).expr().eval(env).orElseThrow()).toList();
                    assertEquals(expect, got, e.getKey() + " = " + shapes.get(e.getKey()).printed() + " at " + env + " in\n" + text);
                }
                checked++;
            }
        }
        assertTrue(programs >= 25, "fewer than 25 of 40 programs infer: " + programs);
        assertEquals(List.of(), refused, "bindings inside the domain that the specialised program refuses");
        assertTrue(checked >= 2 * programs, "too few bindings checked: " + checked + " of " + programs + " programs (" + noDomain
                + " without a binding found in the domain)");
    }

    /**
     * A pointwise result over a dynamic spatial dim fed to a valid 2-wide convolution keeps the dim:
     * {@code y = relu(x)} is {@code [h, 3]} and the convolution {@code [h - 1, 3]} (it closed to the
     * number 2 once, when the corpus steered such results away from convolutions; it no longer does).
     */
    @Test
    void reluThenAValidConvKeepsTheSpatialAxisSymbolic() {
        for (String y : List.of("relu(x)", "relu(x) + x")) {
            String text = "dynamic n, h\nx = data(b=[n], o=[h, 3])\ny = " + y
                    + "\nz = einsum(y, param(i=[2, 3], o=[3]), \"b|h<+kh,c; kh,c->f => b|h,f\")\n";
            Inference inf = Inference.run(ProgramParser.parse("relu-conv.shp", text), new NativeSolver(), SolveOptions.defaults());
            assertTrue(inf.succeeded(), inf.solution().toString());
            Map<String, SymbolicShape> shapes = SymbolicShapes.of(inf);
            assertEquals("[n] [] [h, 3]", printed(shapes.get("y")), text);
            assertEquals("[n] [] [h - 1, 3]", printed(shapes.get("z")), text);
        }
    }

    /**
     * A known defect, pinned (this test asserts today's wrong answer, so it fails when the defect is
     * fixed or changes): a valid stride-2 convolution with a 1-wide kernel over a dynamic {@code v}
     * infers {@code (v + 1) // 2} under the condition that {@code v + 1} is even, which {@code v = 1}
     * meets (one output), yet the program specialised at {@code v = 1} is refused ("basis mismatch":
     * no basis for a size-1 axis makes {@code affine(·, stride=2, kernel=1) = 1}). The corpus's
     * steering of pointwise results away from convolutions stays while this holds: without it the
     * corpus meets this refusal inside the domain. When this test fails, assert that {@code v = 1}
     * infers {@code [1, 3]}, rename it, and stop the steering in {@link #program}.
     */
    @Test
    void aStridedOneWideConvAtSizeOneIsRefusedInsideTheDomainAKnownDefect() {
        String text = """
                dynamic n, v
                x = data(b=[n], o=[v, 3])
                y = einsum(x, param(i=[1, 3], o=[3]), "b|2*h<+kh,c; kh,c->f => b|h,f")
                """;
        Program p = ProgramParser.parse("strided.shp", text);
        Inference sym = Inference.run(p, new NativeSolver(), SolveOptions.defaults());
        assertTrue(sym.succeeded(), sym.solution().toString());
        String known = "KNOWN DEFECT changed (a strided 1-wide conv at size 1 refused inside the domain): fixed? Then assert"
                + " [1, 3] at v = 1 here and stop steering SymbolicCorpusTest.program";
        assertEquals("[n] [] [(v + 1) // 2, 3]", printed(SymbolicShapes.of(sym).get("y")), known);
        Map<String, Long> env = Map.of("n", 3L, "v", 1L);
        assertTrue(SymbolicShapes.requires(sym).stream().allMatch(q -> q.holds(env)), known + ": " + SymbolicShapes.requires(sym));
        Inference bound = Inference.run(Specialise.of(p, env), new NativeSolver(), SolveOptions.defaults());
        assertFalse(bound.succeeded(), known);
        assertTrue(bound.solution().toString().contains("basis mismatch"), known + ": " + bound.solution());
    }

    private static String printed(SymbolicShape s) {
        return s.batch().stream().map(ShapeExtent::printed).toList() + " " + s.input().stream().map(ShapeExtent::printed).toList()
                + " " + s.output().stream().map(ShapeExtent::printed).toList();
    }

    private static List<ShapeExtent> axes(SymbolicShape s) {
        List<ShapeExtent> out = new ArrayList<>(s.batch());
        out.addAll(s.input());
        out.addAll(s.output());
        return out;
    }

    /** A random binding (one size per class, 1..48) satisfying every condition; null after 400 tries. */
    static Map<String, Long> inside(DimClasses classes, List<SymCondition> requires, Random r) {
        for (int i = 0; i < 400; i++) {
            Map<String, Long> env = new LinkedHashMap<>();
            for (DimClasses.EqClass cl : classes.classes()) {
                long v = cl.value().isPresent() ? cl.value().getAsLong() : 1 + r.nextInt(48);
                cl.members().forEach(m -> env.put(m, v));
            }
            if (requires.stream().allMatch(q -> q.holds(env))) return env;
        }
        return null;
    }
}
