package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The canonical text of each construct ({@code language.md}); parsing canonical text and printing it is the identity. */
class PrinterTest {

    @Test
    void groundDimensions() {
        assertEquals("1", Printer.print(Dim.unit()));
        assertEquals("7", Printer.print(new Dim.Atom(7)));
        assertEquals("0", Printer.print(new Dim.Atom(0)));
        assertEquals("1:default", Printer.print(new Dim.Atom(1)));
        assertEquals("7:rgb", Printer.print(new Dim.Atom(7, "rgb")));
    }

    @Test
    void nestedConcatIsParenthesised() {
        Dim inner = new Dim.Concat(List.of(new Dim.Var("b"), new Dim.Atom(3)));
        assertEquals("a ^ (b ^ 3)", Printer.print(new Dim.Concat(List.of(new Dim.Var("a"), inner))));
        assertEquals("(b ^ 3) ^ a", Printer.print(new Dim.Concat(List.of(inner, new Dim.Var("a")))));
    }

    @Test
    void affineArgumentsInFixedOrder() {
        Dim o = new Dim.Var("o"), k = new Dim.Var("k");
        assertEquals("affine(o, stride=2)", Printer.print(Dim.Affine.strided(o, 2)));
        assertEquals("affine(o, stride=2, offset=1)", Printer.print(new Dim.Affine(o, 2, Optional.empty(), 1, false, 1)));
        assertEquals("affine(o, stride=2, kernel=k, dilation=1)", Printer.print(Dim.Affine.conv(o, 2, k, 1, false)));
        assertEquals("affine(o, stride=2, kernel=k, dilation=3, padding=same, offset=1)",
                Printer.print(new Dim.Affine(o, 2, Optional.of(k), 3, true, 1)));
    }

    @Test
    void rowsOfEveryShape() {
        Dim three = new Dim.Atom(3), five = new Dim.Atom(5), a = new Dim.Var("a");
        assertEquals("[3, a]", Printer.print(new Row.Closed(List.of(), List.of(three, a))));
        assertEquals("[]", Printer.print(Row.empty()));
        assertEquals("[3] <> [a, 5]", Printer.print(new Row.Closed(List.of(three), List.of(a, five))));
        assertEquals("[3] <>", Printer.print(new Row.Closed(List.of(three), List.of())));
        assertEquals("[3] <r> [5]", Printer.print(new Row.Open(List.of(three), "r", List.of(five))));
        assertEquals("<r>", Printer.print(Row.var("r")));
        assertEquals("<r> [5]", Printer.print(new Row.Open(List.of(), "r", List.of(five))));
        assertEquals("![3, 5]", Printer.print(new Row.Rigid(List.of(three, five))));
    }

    @Test
    void sizeExpressionsUseMinimalParentheses() {
        SizeExpr a = new SizeExpr.Size(new Dim.Var("a")), b = new SizeExpr.Size(new Dim.Var("b"));
        SizeExpr c = new SizeExpr.Size(new Dim.Var("c"));
        assertEquals("size(a) + size(b) * size(c)", Printer.print(new SizeExpr.Add(a, new SizeExpr.Mul(b, c))));
        assertEquals("(size(a) + size(b)) * size(c)", Printer.print(new SizeExpr.Mul(new SizeExpr.Add(a, b), c)));
        assertEquals("size(a) - size(b) - size(c)", Printer.print(new SizeExpr.Sub(new SizeExpr.Sub(a, b), c)));
        assertEquals("size(a) - (size(b) - size(c))", Printer.print(new SizeExpr.Sub(a, new SizeExpr.Sub(b, c))));
        assertEquals("size(a) * (size(b) % 4)", Printer.print(new SizeExpr.Mul(a, new SizeExpr.Mod(b, 4))));
        assertEquals("size(a) * size(b) % 4", Printer.print(new SizeExpr.Mod(new SizeExpr.Mul(a, b), 4)));
        assertEquals("(size(a) + 1) % 4", Printer.print(new SizeExpr.Mod(new SizeExpr.Add(a, new SizeExpr.Lit(1)), 4)));
    }

    @Test
    void assignmentsPrintAsTheyAreWrittenOnTheCommandLine() {
        var asg = org.shapeforge.term.Assignment.empty().withDim("a", new Dim.Atom(3))
                .withRow("r", new Row.Closed(List.of(new Dim.Atom(3)), List.of(new Dim.Atom(5))));
        assertEquals("a = 3, <r> = [3] <> [5]", Printer.print(asg));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "a = b ^ c ^ 3", "i = affine(o, stride=1, kernel=k, dilation=1)", "x <= 1:default",
        "[3] <> [9, 5] <= <r>", "[3, 5] <r> ~ <r> [5, 3]", "<r> <=1 [3] <> [5]", "[5] <> [3] <= ![3]",
        "total(<r>, [4]) = 64 * v / 2 / {d1, d2}", "total(<r>) = 64 / {d}", "exact(<r>, <s>) = [a, 3, b]",
        "size(a) % 4 == 0", "size(a) in 1..512", "size(a) * size(b) == size(c) * size(d)",
        "size(a) == 2 * size(b) + 1", "likely(a) = {32, 64}", "leaf a, <r>", "param w, <p>", "discardable b",
        "dynamic n", "expect native: fail policy \"rank \\\"cycle\\\"\"", "expect complete: sat",
        "expect closed <r> ~ [3, 5]", "expect entails a <= 3", "expect principal: no", "expect rigid: unknown"})
    void canonicalTextIsAFixedPoint(String text) {
        Problem p = Parser.parse("c.shc", text);
        assertEquals(text + "\n", Printer.print(p));
    }

    @Test
    void formatterKeepsCommentsAndOneBlankLine() {
        String text = "# head\n\n\n a=3;b<=1   # tail  \n# mid\n<r>~[3,5]\n";
        assertEquals("# head\n\na = 3\nb <= 1  # tail\n# mid\n<r> ~ [3, 5]\n", Formatter.format("f.shc", text));
    }
}
