package org.shapeforge.codegen.c;

import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.codegen.Catalogue;
import org.shapeforge.codegen.run.CCompiler;

/** Every golden catalogue operation, compiled to C and run, against the reference (≤ 1e-5 relative). */
class CatalogueInCTest {
    @BeforeAll
    static void needsGcc() {
        org.shapeforge.testenv.Requires.that(CCompiler.available("gcc"), "gcc is not on PATH: generated C cannot be compiled here");
    }

    static Stream<Catalogue.Case> ops() {
        return Catalogue.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ops")
    void matchesReference(Catalogue.Case c) {
        Harness.check(c.op(), c.name().hashCode(), c.reference());
    }
}
