package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** Every shared witness ({@code shared/witnesses/*.shc}) parses, prints and parses back to the same AST. */
class WitnessRoundTripTest {

    /** {@code ../shared/witnesses} next to the repository root (the directory holding {@code .ci}). */
    static Path witnessDir() {
        Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve(".ci"))) p = p.getParent();
        return p == null ? null : p.resolve("../shared/witnesses").normalize();
    }

    static List<Path> witnesses() throws IOException {
        Path dir = witnessDir();
        org.shapeforge.testenv.Requires.that(dir != null && Files.isDirectory(dir),
                "shared/witnesses not found next to the repository root: nothing to round-trip");
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.toString().endsWith(".shc")).sorted().toList();
        }
    }

    @TestFactory
    Stream<DynamicTest> everyWitnessRoundTripsThroughThePrinter() throws IOException {
        List<Path> files = witnesses();
        assertFalse(files.isEmpty(), "no .shc files in " + witnessDir());
        return files.stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            Problem parsed = Parser.parseFile(f);
            assertFalse(parsed.statements().isEmpty());
            Problem again = Parser.parse(f.toString(), Printer.print(parsed));
            assertEquals(Spans.erase(parsed), Spans.erase(again));
        }));
    }

    @TestFactory
    Stream<DynamicTest> formattingAWitnessIsIdempotentAndKeepsItsMeaning() throws IOException {
        return witnesses().stream().map(f -> DynamicTest.dynamicTest(f.getFileName().toString(), () -> {
            String text = Files.readString(f);
            String once = Formatter.format(f.toString(), text);
            assertEquals(once, Formatter.format(f.toString(), once));
            assertEquals(Spans.erase(Parser.parse("w", text)), Spans.erase(Parser.parse("w", once)));
            assertEquals(text.lines().filter(l -> l.contains("#")).count(),
                    once.lines().filter(l -> l.contains("#")).count(), "comments are kept");
        }));
    }
}
