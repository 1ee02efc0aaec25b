package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.util.Map;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Statement;
import org.shapeforge.program.Inference;
import org.shapeforge.program.Program;
import org.shapeforge.program.ProgramParser;
import org.shapeforge.program.ShapeLogic;
import org.shapeforge.program.Solution;
import org.shapeforge.solve.NativeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * Issue 31, the front end reads the solver's one symbolic truth ({@code SolvedForm.symbolicSizes()}):
 * a strided or valid convolution over a dynamic spatial dim prints the solver's expression in
 * {@code infer}'s text and in its JSON {@code tensors} (it was {@code ?}), in the solver's syntax,
 * and the solver's domain conditions are shown ({@code requires …}; JSON {@code requires}).
 */
class SolverSymbolicSizesTest {
    @TempDir
    Path dir;

    static final String STRIDED = """
            dynamic h
            x = data(b=[2], o=[h, 3])
            k = param(i=[3, 3], o=[4])
            y = einsum(x, k, "b|2*h=+kh,c; kh,c->f => b|h,f")
            v = einsum(x, k, "b|h<+kh,c; kh,c->f => b|h,f")
            """;

    private static List<String> axes(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(x -> out.add(x.asText()));
        return out;
    }

    @Test
    void aStridedConvolutionOverADynamicDimIsTheSolversExpression() throws Exception {
        Path p = Files.writeString(dir.resolve("conv.shp"), STRIDED);
        CliRun t = CliRun.of("infer", p.toString());
        assertEquals(0, t.code(), t.out() + t.err());
        assertTrue(t.out().contains("y  b=[2] i=[] o=[h // 2, 4]\n"), t.out());
        assertTrue(t.out().contains("v  b=[2] i=[] o=[h - 2, 4]\n"), t.out());
        assertTrue(t.out().contains("requires h - 2 >= 1\n"), t.out());
        assertTrue(t.out().contains("requires h % 2 == 0\n"), t.out());
        assertFalse(t.out().contains("?"), t.out());

        CliRun j = CliRun.of("infer", p.toString(), "--json");
        assertEquals(0, j.code(), j.out() + j.err());
        JsonNode doc = Cli.JSON.readTree(j.out());
        assertEquals(List.of("h // 2", "4"), axes(doc.get("tensors").get("y").get("output")));
        assertEquals("2|->h // 2,4", doc.get("tensors").get("y").get("printed").asText());
        assertEquals(List.of("h - 2", "4"), axes(doc.get("tensors").get("v").get("output")));
        assertTrue(axes(doc.get("requires")).containsAll(List.of("h - 2 >= 1", "h % 2 == 0")), doc.toString());

        CliRun b = CliRun.of("infer", p.toString(), "--json", "--bind", "h=10");
        assertEquals(0, b.code(), b.out() + b.err());
        JsonNode bound = Cli.JSON.readTree(b.out());
        assertEquals(List.of("5", "4"), axes(bound.get("tensors").get("y").get("output")));
        assertEquals(List.of("8", "4"), axes(bound.get("tensors").get("v").get("output")));
        assertEquals(0, bound.get("requires").size(), "a binding decides every condition");
    }

    /**
     * {@code query}'s machinery (the native {@code Entailer}, then Z3's {@code entails}) proves each
     * of the solver's symbolic sizes equal to its value at a binding inside the domain, and refutes
     * the value plus one: the symbolic expression is the closed value, not merely agrees with one run.
     */
    @Test
    void queryProvesTheSymbolicSizesEqualAtBindings() {
        Program prog = ProgramParser.parse("conv.shp", STRIDED);
        Inference inf = Inference.run(prog, new NativeSolver(), SolveOptions.defaults());
        var sizes = ((Solution.Solved) inf.solution()).solved().orElseThrow().symbolicSizes().sizes();
        assertFalse(sizes.isEmpty());
        Problem problem = ShapeLogic.generate(prog).problem();
        for (long h : List.of(4L, 10L, 22L)) { // h even (the padded stride 2), h - 2 >= 1
            List<Statement> st = new ArrayList<>(problem.statements());
            st.add(QueryCommand.parse("h == " + h));
            List<Constraint> qs = new ArrayList<>();
            sizes.forEach((v, sz) -> {
                long at = sz.eval(Map.of("h", h));
                qs.add(QueryCommand.parse("size(" + v + ") == " + at));
                qs.add(QueryCommand.parse("size(" + v + ") == " + (at + 1)));
            });
            List<QueryCommand.Answer> as = QueryCommand.answer(new Problem(problem.file(), st), qs, true);
            for (int i = 0; i < as.size(); i++)
                assertEquals(i % 2 == 0 ? "proved" : "refuted", as.get(i).verdict(), "h = " + h + ": " + as.get(i));
        }
    }

    /** An equal-dim class prints as its representative inside an expression, never an internal variable. */
    @Test
    void aDerivedSizeNamesTheClassRepresentative() throws Exception {
        Path p = Files.writeString(dir.resolve("cls.shp"), """
                dynamic w, h
                x = data(b=[2], o=[w, 3])
                y = data(b=[2], o=[h, 3])
                s = einsum(x, y, "b|h,c; b|h,c => b|h,c")
                k = param(i=[3, 3], o=[4])
                c = einsum(s, k, "b|h<+kh,c; kh,c->f => b|h,f")
                """);
        CliRun t = CliRun.of("infer", p.toString());
        assertEquals(0, t.code(), t.out() + t.err());
        assertTrue(t.out().contains("c  b=[2] i=[] o=[h - 2, 4]\n"), t.out());
    }
}
