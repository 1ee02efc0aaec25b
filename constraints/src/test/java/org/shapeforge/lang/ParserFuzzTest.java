package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzz targets for the {@code .shc} front end (issue 13), with Jazzer's JUnit
 * integration. A plain {@code mvn test} replays the checked-in corpus
 * ({@code src/test/resources/org/shapeforge/lang/ParserFuzzTestInputs/<method>/}) and every crash
 * found so far; fuzzing runs under {@code JAZZER_FUZZ=1}, one target at a time (README, "Fuzzing").
 *
 * <p>Contract checked: any byte string either parses or is rejected with a {@link ShapeError}
 * (a {@code file:line:col} message) — no other exception, no stack overflow, no hang; and what
 * parses prints to text that parses back to the same AST ({@code parse(print(x)) = x}).
 */
class ParserFuzzTest {

    /** Bytes → strict UTF-8 → parser: only {@link ShapeError}s may escape, and they carry a location. */
    @FuzzTest(maxDuration = "10m")
    void parse(byte[] input) {
        Problem p;
        try {
            p = Parser.parse("fuzz.shc", SourceText.decode("fuzz.shc", input));
        } catch (ShapeError e) {
            if (!e.span().isKnown()) throw new AssertionError("error without a location: " + e.getMessage(), e);
            return;
        }
        // fmt on the same text must succeed too, and keep every statement
        String formatted = Formatter.format("fuzz.shc", SourceText.decode("fuzz.shc", input));
        assertEquals(p.statements().size(), Parser.parse("fuzz.shc", formatted).statements().size(), formatted);
    }

    /** {@code parse(print(x)) = x} up to spans, for every input that parses. */
    @FuzzTest(maxDuration = "10m")
    void printRoundTrip(byte[] input) {
        Problem p;
        try {
            p = Parser.parse("fuzz.shc", SourceText.decode("fuzz.shc", input));
        } catch (ShapeError e) {
            return;
        }
        if (p.statements().stream().anyMatch(ParserFuzzTest::printerDegenerate)) return;
        String printed = Printer.print(p);
        Problem back;
        try {
            back = Parser.parse("fuzz.shc", printed);
        } catch (ShapeError e) {
            throw new AssertionError("printed text does not parse: " + e.render() + "\n" + printed, e);
        }
        assertEquals(Spans.erase(p), Spans.erase(back), printed);
        assertEquals(printed, Printer.print(back));
    }

    /** The one documented exception of {@link Printer}: a size predicate {@code 3 <= 5} between bare literals. */
    private static boolean printerDegenerate(Statement s) {
        Constraint c = switch (s) {
            case Constraint k -> k;
            case Expectation.ExpectClosed(var k, var _) -> k;
            case Expectation.ExpectEntails(var k, var _) -> k;
            default -> null;
        };
        return c instanceof Constraint.SizeRel(SizeExpr.Lit(var l), var rel, SizeExpr.Lit(var r), var _)
                && l >= 0 && r >= 0 && rel.symbol.equals("<=");
    }
}
