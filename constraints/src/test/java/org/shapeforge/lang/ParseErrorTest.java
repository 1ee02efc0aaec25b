package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Syntax and well-formedness errors are {@link ParseError}s rendered {@code file:line:col: message}
 * that name the offending token (or the rule broken) and say what was expected; nothing hangs.
 */
class ParseErrorTest {

    static ParseError error(String text) {
        return assertThrows(ParseError.class, () -> Parser.parse("f.shc", text), text);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', textBlock = """
            <r> ~ 3                          | f.shc:1:7: unexpected '3'; expected a row ('[...]', '<r>', '<>' or '![...]') after '~'
            <r> ~                            | f.shc:1:6: unexpected end of input; expected a row
            a =                              | f.shc:1:4: unexpected end of input; expected a dimension
            [3, a                            | f.shc:1:6: unexpected end of input: '[' at 1:1 is not closed (expected ']')
            [3, (a]                          | f.shc:1:7: unexpected ']': it does not match '(' at 1:5
            ((((a                            | f.shc:1:6: unexpected end of input: '(' at 1:4 is not closed
            <                                | f.shc:1:1: unexpected '<': a row variable is written '<r>' without spaces
            a = 99999999999999999999         | f.shc:1:5: integer literal '99999999999999999999' is out of range
            a = affine(o, stride=0)          | f.shc:1:22: stride must be positive
            a = affine(o, stride=2, offset=2) | f.shc:1:25: offset must satisfy 0 <= offset < stride
            a = affine(o, kernel=k)          | f.shc:1:5: affine(...) needs a stride
            a = affine(o, stride=2, stride=3) | f.shc:1:25: 'stride' given twice
            a = affine(o, stride=1, dilation=2) | f.shc:1:25: dilation needs a kernel
            a = affine(o, stride=1, padding=same) | f.shc:1:25: padding=same needs a kernel
            a = affine(o, stride=99999999999) | f.shc:1:22: stride must be positive and at most 2147483647, got 99999999999
            a = affine(o, stride=k)          | f.shc:1:15: stride takes an integer literal
            a = 1:                           | f.shc:1:7: unexpected end of input; expected a basis tag (e.g. '7:rgb') after ':'
            size([3]) >= 2                   | f.shc:1:6: size(...) takes a dimension, not a row
            expect closed a <= 3             | f.shc:1:15: 'expect closed' takes 'x = v' or '<r> ~ R'
            expect closed [3] ~ <r>          | f.shc:1:15: 'expect closed' takes 'x = v' or '<r> ~ R'
            expect native sat                | f.shc:1:15: unexpected 'sat'; expected ':' after 'native'
            expect native: maybe             | f.shc:1:16: unexpected 'maybe'; expected a verdict
            expect principal: maybe          | f.shc:1:19: unexpected 'maybe'; expected 'yes' or 'no' after ':'
            leaf                             | f.shc:1:5: unexpected end of input; expected a variable ('a' or '<r>') after 'leaf'
            a = B                            | f.shc:1:5: 'B' is not a dimension variable
            <r> <=2 [3]                      | f.shc:1:7: unexpected '2' after '<=': the one-shot order is written '<=1'
            a ~ b                            | f.shc:1:3: unexpected '~' after 'a': '~' relates rows
            [3] = a                          | f.shc:1:5: unexpected '=' after ']': '=' relates dimensions
            size(a) = 3                      | f.shc:1:9: unexpected '=' after ')'
            a = 3 3                          | f.shc:1:7: unexpected '3'; expected end of input, ';' or end of line after '3'
            size(a) % 0 == 0                 | f.shc:1:11: the modulus of '%' must be at least 1
            size(a) in 5..1                  | f.shc:1:12: empty range 5..1
            total(<r>) = 0 * v               | f.shc:1:14: the coefficient of a strided total must be positive
            `"abc`                           | f.shc:1:1: unterminated string
            a = $                            | f.shc:1:5: unexpected character '$'
            ![3] <> [5]                      | f.shc:1:6: unexpected '<>' after ']': a rigid row '![...]' has no marker
            likely(a) = {1 2}                | f.shc:1:16: unexpected '2'; expected ',' or '}' after '1'
            likely(a) = {1,}                 | f.shc:1:16: unexpected '}'; expected an integer after ','
            <r> ~ [1,, 2]                    | f.shc:1:10: unexpected ','; expected a dimension (a number, a variable or 'affine(...)') after ','
            total(<r>, ) = 4                 | f.shc:1:12: unexpected ')'; expected a row ('[...]', '<r>', '<>' or '![...]') after ','
            a = affine(o, 2)                 | f.shc:1:15: unexpected '2'; expected a keyword argument ('stride=',
            size() == 3                      | f.shc:1:6: unexpected ')'; expected a dimension after '('
            """)
    void errorsNamePositionTokenAndFix(String text, String expectedPrefix) {
        String rendered = error(text).render();
        assertTrue(rendered.startsWith(expectedPrefix), () -> "got: " + rendered);
    }

    @Test
    void errorsOnLaterLinesCountLinesAndColumns() {
        assertTrue(error("a = 3\n# c\n<r> ~ [1,, 2]").render().startsWith("f.shc:3:10: unexpected ','; expected a dimension"));
        assertEquals(new Span("f.shc", 2, 5), error("a = 3 ; b = 4\n  c ~ d").span());
    }

    @Test
    void deepNestingIsAnErrorNotACrash() {
        String deep = "a = " + "(".repeat(200_000) + "a" + ")".repeat(200_000);
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            ParseError e = assertThrows(ParseError.class, () -> Parser.parse("f.shc", deep));
            assertTrue(e.getMessage().contains("nested too deeply"), e.getMessage());
        });
    }

    @Test
    void nastyInputsFailQuickly() {
        for (String s : new String[] {"[[[[[[[[[[", "]]]]]", "<<<<>>>>", "< <r> >", "~~~~", "affine(affine(affine(",
                "expect expect expect", "1:1:1:1", "size(size(size(a)))", "a" + " ^ a".repeat(5000) + " ^"}) {
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                ParseError e = assertThrows(ParseError.class, () -> Parser.parse("n.shc", s), s);
                assertTrue(e.render().startsWith("n.shc:1:"), e.render());
            });
        }
    }

    @Test
    void fragmentsReportTheirPseudoFile() {
        assertEquals("<assignment>:1:5: the value of a must be ground: '1', a number or 'n:tag'",
                assertThrows(ParseError.class, () -> Parser.parseAssignment("a = b")).render());
        assertTrue(assertThrows(ParseError.class, () -> Parser.parseAssignment("<r>=[3] <s>")).render()
                .startsWith("<assignment>:1:5: the value of <r> must be a ground row"));
        assertTrue(assertThrows(ParseError.class, () -> Parser.parseAssignment("a=3, a=4")).render()
                .startsWith("<assignment>:1:6: a is assigned twice"));
        assertTrue(assertThrows(ParseError.class, () -> Parser.parseRow("[3] ~")).render().startsWith("<row>:1:5:"));
        assertTrue(assertThrows(ParseError.class, () -> Parser.parseDim("[3]")).render().startsWith("<dim>:1:1:"));
    }
}
