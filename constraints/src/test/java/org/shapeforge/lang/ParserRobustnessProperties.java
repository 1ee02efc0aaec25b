package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.term.Dim;

/** Arbitrary input either parses or is a {@link ParseError} with a known position; nothing else escapes. */
class ParserRobustnessProperties {

    static final List<String> FRAGMENTS = List.of("[", "]", "(", ")", "{", "}", "<", ">", "<>", "<r>", "!", "~", "=",
            "==", "<=", "<=1", ">=", "!=", "^", ",", ";", "\n", ":", "..", "%", "*", "/", "+", "-", "1", "0", "7",
            "99999999999999999999", "a", "B", "in", "size", "affine", "stride=", "kernel=", "dilation=", "offset=",
            "padding=", "same", "total", "exact", "likely", "leaf", "expect", "native", "closed", "entails",
            "principal", "fail", "policy", "\"t\"", "#c", " ", "$", "\"");

    @Provide
    Arbitrary<String> soup() {
        return Arbitraries.of(FRAGMENTS).list().ofMaxSize(14).map(l -> String.join(" ", l));
    }

    @Property(tries = 1500)
    void anyInputParsesOrFailsWithAPositionedParseError(@ForAll("soup") String text) {
        try {
            Problem p = Parser.parse("s.shc", text);
            assertEquals(Spans.erase(p), Spans.erase(Parser.parse("s.shc", Printer.print(p))), text);
        } catch (ParseError e) {
            assertEquals("s.shc", e.span().file());
            assertTrue(e.span().line() >= 1 && e.span().column() >= 1, e.render());
        }
    }

    @Property(tries = 50)
    void unicodeLowerCaseNamesAreDimensionVariables(@ForAll("unicodeNames") String name) {
        assertEquals(new Dim.Var(name), Parser.parseDim(name));
    }

    @Provide
    Arbitrary<String> unicodeNames() {
        return Arbitraries.of("é", "αβ", "ñ1", "ωx'", "ä_b");
    }
}
