package org.shapeforge.solve;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.shapeforge.testenv.Requires;

/**
 * The repository's copy of the witnesses ({@code src/test/resources/witnesses}, what
 * {@link WitnessTest} and {@link FullWitnessTest} run without {@code ../shared}) is the
 * shared one: the same {@code .shc} files, byte for byte (issue 27: the copy had fallen two
 * witnesses behind). Needs {@code ../shared/witnesses} ({@link Requires}: a failure under CI).
 */
class WitnessCopyTest {

    /** {@code ../shared/witnesses} beside the repository root (the directory holding {@code .ci}). */
    static Path shared() {
        Path p = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        while (p != null && !Files.isDirectory(p.resolve(".ci"))) p = p.getParent();
        return p == null ? null : p.resolve("../shared/witnesses").normalize();
    }

    static List<String> shcNames(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".shc")).sorted().toList();
        }
    }

    @Test
    void theRepositoryCopyHasTheSharedFilesByteForByte() throws IOException {
        Path shared = shared();
        Requires.that(shared != null && Files.isDirectory(shared), "../shared/witnesses is not beside the repository");
        List<String> names = shcNames(shared);
        assertFalse(names.isEmpty(), "no .shc in " + shared);
        assertEquals(names, shcNames(WitnessTest.DIR), "the witness files of " + WitnessTest.DIR + " and " + shared);
        for (String n : names)
            assertArrayEquals(Files.readAllBytes(shared.resolve(n)), Files.readAllBytes(WitnessTest.DIR.resolve(n)),
                    n + " differs from " + shared.resolve(n));
    }
}
