package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.shapeforge.lang.Parser;
import org.shapeforge.lang.Problem;
import org.shapeforge.semantics.Evaluator;
import org.shapeforge.semantics.Semantics;
import org.shapeforge.smt.SmtSolver;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.Outcome;
import org.shapeforge.solver.SolveOptions;

/** {@code infer}: the shipped examples, the forgotten-dimension failure, JSON, {@code --emit shc}, {@code --dot}. */
class InferCommandTest {
    static final Path EXAMPLES = Path.of("../examples");
    /** The examples that must infer. */
    static final List<String> INFERRING = List.of("mlp", "transformer-block", "cnn", "concat");

    @TempDir
    Path dir;

    record Run(int code, String out) {}

    static Run run(String... args) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            int code = Main.commandLine().execute(args);
            return new Run(code, buf.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(old);
        }
    }

    static JsonNode json(String out) throws Exception {
        return Cli.JSON.readTree(out.substring(out.indexOf('{')));
    }

    static Path example(String name) {
        return EXAMPLES.resolve(name + ".shp");
    }

    @Test
    void everyExampleInfersAndExitsZero() {
        for (String e : INFERRING) {
            Run r = run("infer", example(e).toString());
            assertEquals(0, r.code(), e + ":\n" + r.out());
        }
    }

    @Test
    void jsonOfTheMlpHasTheContractFields() throws Exception {
        Run r = run("infer", example("mlp").toString(), "--json");
        assertEquals(0, r.code(), r.out());
        JsonNode doc = json(r.out());
        JsonNode y = doc.get("tensors").get("y");
        assertEquals("32|->10", y.get("printed").asText());
        assertEquals("32", y.get("batch").get(0).asText());
        assertEquals(0, y.get("input").size());
        assertEquals("10", y.get("output").get(0).asText());
        assertEquals("|784->128", doc.get("tensors").get("w1").get("printed").asText());
        assertTrue(doc.get("labels").isObject() && doc.get("projections").isObject());
        assertTrue(doc.get("failure").isNull());
    }

    @Test
    void transformerShapesAndCapturedLabels() throws Exception {
        JsonNode doc = json(run("infer", example("transformer-block").toString(), "--json").out());
        assertEquals("8,128|->8,128", doc.get("tensors").get("scores").get("printed").asText());
        assertEquals("|8,64->512", doc.get("tensors").get("wo").get("printed").asText());
        assertEquals("8,128|->512", doc.get("tensors").get("y").get("printed").asText());
        assertEquals("8", doc.get("labels").get("h").asText());
        assertEquals("64", doc.get("labels").get("d").asText());
    }

    @Test
    void cnnConvolutionSizes() throws Exception {
        JsonNode t = json(run("infer", example("cnn").toString(), "--json").out()).get("tensors");
        assertEquals("16|->36,36,16", t.get("c1").get("printed").asText()); // padded, stride 1
        assertEquals("16|->32,32,32", t.get("c2").get("printed").asText()); // valid, dilation 2
        assertEquals("16|->16,16,32", t.get("c3").get("printed").asText()); // valid, stride 2
        assertEquals("16|->8,8,32", t.get("pool").get("printed").asText());
        assertEquals("16|->4,8,32", t.get("odd").get("printed").asText()); // 2*h+1
    }

    @Test
    void forgottenHiddenDimensionNamesTheParameterTheStatementAndAFix() throws Exception {
        Run text = run("infer", example("forgotten-hidden").toString());
        assertEquals(1, text.code(), text.out());
        Run r = run("infer", example("forgotten-hidden").toString(), "--json");
        assertEquals(1, r.code());
        JsonNode f = json(r.out()).get("failure");
        String msg = f.get("message").asText();
        assertTrue(msg.contains("parameter 'w1'") && msg.contains("forgotten-hidden.shp:4:1") && msg.contains("w1 = param()"), msg);
        assertTrue(f.get("hint").asText().contains("w1 = param(o=["), f.get("hint").asText());
        assertTrue(f.get("origin").toString().contains("forgotten-hidden.shp:4"), f.toString());
    }

    @Test
    void badProgramsExitTwoWithAJsonErrorAtTheSpecColumn() throws Exception {
        Path p = dir.resolve("bad.shp");
        Files.writeString(p, "a = data(o=[3])\ny = permute(a, \"i$ => i\")\n");
        Run r = run("infer", p.toString(), "--json");
        assertEquals(2, r.code());
        JsonNode e = json(r.out()).get("error");
        assertEquals(p + ":2:18", e.get("location").asText());
    }

    @Test
    void emittedConstraintsOfEveryExampleParseSolveAndAreSatisfiableForZ3() throws Exception {
        for (String e : List.of("mlp", "transformer-block", "cnn", "concat", "forgotten-hidden")) {
            Run r = run("infer", example(e).toString(), "--emit", "shc");
            assertEquals(0, r.code(), e);
            Problem p = Parser.parse(e + ".shc", r.out());
            assertTrue(p.constraints().size() > 5, e);
            Outcome smt = new SmtSolver().solve(p, SolveOptions.defaults());
            assertInstanceOf(Outcome.Sat.class, smt, e + ": " + smt);
            Outcome nat = new NativeSolver().solve(p, SolveOptions.defaults());
            Outcome.Sat sat = assertInstanceOf(Outcome.Sat.class, nat, e + ": " + nat);
            assertTrue(Evaluator.holdsAll(p.constraints(), sat.model(), Semantics.FLAT), e);
        }
    }

    /**
     * Block concatenation through the native solver: rows bound to sums of solved variables
     * ({@code <o> ~ [x ^ y]}) are read through σ⋆ into the sum (regression for the closed model
     * that once grounded the parts at the unit; reproducer {@code x = 3; y = 5; <o> ~ [x ^ y]; <w> <= <o>}).
     */
    @Test
    void concatExampleInfers() throws Exception {
        Run r = run("infer", example("concat").toString(), "--json");
        assertEquals(0, r.code(), r.out());
        JsonNode t = json(r.out()).get("tensors");
        assertEquals("4|->8", t.get("both").get("printed").asText());
        assertEquals("4|->3", t.get("head").get("printed").asText());
        assertEquals("4|->3,3", t.get("pair").get("printed").asText());
        assertEquals("2,4|->5", t.get("steps").get("printed").asText());
    }

    @Test
    void dotHasOneNodePerOperationWithShapesOnEdges() {
        Run r = run("infer", example("mlp").toString(), "--dot");
        assertEquals(0, r.code());
        assertTrue(r.out().startsWith("digraph"), r.out());
        assertTrue(r.out().contains("y = +") && r.out().contains("[label=\"32|->784\"]"), r.out());
        Run f = run("infer", example("forgotten-hidden").toString(), "--dot");
        assertTrue(f.out().contains("fillcolor"), f.out());
    }

    @Test
    void verifiedReportsZ3sAgreement() throws Exception {
        Run r = run("infer", example("mlp").toString(), "--json", "--verified");
        assertEquals(0, r.code(), r.out());
        JsonNode v = json(r.out()).get("verified");
        assertEquals("sat", v.get("smt").asText());
        assertEquals("agree", v.get("agreement").asText());
        Run t = run("infer", example("forgotten-hidden").toString(), "--verified");
        assertEquals(1, t.code());
        assertTrue(t.out().contains("verified: z3 (flat) sat: agree (the constraints are satisfiable"), t.out());
    }

    /** A projection failure's {@code origin} is the statement's {@code file:line}, carried typed ({@code ProjectionError.origin}), not read back from the message. */
    @Test
    void aProjectionFailureNamesItsStatementInJson() throws Exception {
        Path p = Files.writeString(dir.resolve("fl.shp"), "x = data(b=[2], o=[3, 4])\ny = flatten(x, 2)\n");
        Run r = run("infer", p.toString(), "--projections", "--json");
        assertEquals(1, r.code(), r.out());
        JsonNode f = json(r.out()).get("failure");
        assertEquals("projection", f.get("kind").asText());
        assertEquals(p + ":2", f.get("origin").get(0).asText(), f.toString());
        assertEquals("y", f.get("operations").get(0).asText());
    }
}
