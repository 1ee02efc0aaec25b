package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.shapeforge.term.Assignment;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/** The printer's output parses back to the printed AST ({@code language.md}: print(parse(t)) reparses). */
class RoundTripProperties {

    @Property(tries = 500)
    void printThenParseIsIdentity(@ForAll("problems") Problem p) {
        String text = Printer.print(p);
        assertEquals(Spans.erase(p), Spans.erase(Parser.parse(p.file(), text)), text);
    }

    @Property(tries = 300)
    void printedDimsParseBack(@ForAll("dims") Dim d) {
        assertEquals(d, Parser.parseDim(Printer.print(d)), Printer.print(d));
    }

    @Property(tries = 300)
    void printedRowsParseBack(@ForAll("rows") Row r) {
        assertEquals(r, Parser.parseRow(Printer.print(r)), Printer.print(r));
    }

    @Property(tries = 200)
    void printedAssignmentsParseBack(@ForAll("assignments") Assignment a) {
        assertEquals(a, Parser.parseAssignment(Printer.print(a)), Printer.print(a));
    }

    @Property(tries = 200)
    void formattingIsIdempotent(@ForAll("problems") Problem p) {
        String once = Formatter.format("gen.shc", Printer.print(p));
        assertEquals(once, Formatter.format("gen.shc", once));
    }

    @Provide
    Arbitrary<Problem> problems() {
        return ShcArbitraries.problems();
    }

    @Provide
    Arbitrary<Dim> dims() {
        return ShcArbitraries.dims();
    }

    @Provide
    Arbitrary<Row> rows() {
        return ShcArbitraries.rows();
    }

    @Provide
    Arbitrary<Assignment> assignments() {
        var dims = net.jqwik.api.Arbitraries.maps(ShcArbitraries.dimNames(), ShcArbitraries.groundDims()).ofMaxSize(3);
        var rows = net.jqwik.api.Arbitraries.maps(ShcArbitraries.rowNames(), ShcArbitraries.groundRows()).ofMaxSize(3);
        return Combinators.combine(dims, rows).as(Assignment::new);
    }
}
