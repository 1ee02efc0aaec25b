package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
