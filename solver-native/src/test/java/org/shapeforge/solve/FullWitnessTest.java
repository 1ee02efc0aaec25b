package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.lang.Parser;

/** The full-language witnesses w20–w29 of {@code shared/witnesses} pass their native expectations (issue 4). */
class FullWitnessTest {
    static Stream<Path> fullWitnesses() throws IOException {
        try (Stream<Path> s = Files.list(WitnessTest.DIR)) {
            return s.filter(p -> p.getFileName().toString().matches("w2\\d-.*\\.shc")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fullWitnesses")
    void witnessExpectationsHold(Path file) throws IOException {
        var p = Parser.parse(file.getFileName().toString(), Files.readString(file));
        assertTrue(!p.expectations().isEmpty(), "no expectations read from " + file);
        assertEquals(List.of(), WitnessCheck.mismatches(p), file.toString());
    }
}
