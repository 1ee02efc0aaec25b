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

/** Every core witness w01–w19 of {@code shared/witnesses} passes its native expectations. */
class WitnessTest {
    static final Path DIR = Path.of(System.getProperty("witness.dir", "src/test/resources/witnesses"));

    static Stream<Path> coreWitnesses() throws IOException {
        try (Stream<Path> s = Files.list(DIR)) {
            return s.filter(p -> p.getFileName().toString().matches("w(0\\d|1\\d)-.*\\.shc")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("coreWitnesses")
    void witnessExpectationsHold(Path file) throws IOException {
        var p = org.shapeforge.lang.Parser.parse(file.getFileName().toString(), Files.readString(file));
        assertTrue(!p.expectations().isEmpty(), "no expectations read from " + file);
        List<String> bad = WitnessCheck.mismatches(p);
        assertEquals(List.of(), bad, file.toString());
    }
}
