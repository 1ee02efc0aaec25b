package org.shapeforge.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link InputFile#bytes(Path, long)}: every byte, sized from the file (issue 32), and its bound. */
class InputFileTest {
    @TempDir
    Path dir;

    @Test
    void readsEveryByteOfFilesAroundTheBufferSizes() throws Exception {
        Random rnd = new Random(32);
        for (int n : new int[] {0, 1, 65_535, 65_536, 65_537, 200_001}) {
            byte[] data = new byte[n];
            rnd.nextBytes(data);
            Path f = Files.write(dir.resolve("f" + n), data);
            assertArrayEquals(data, InputFile.bytes(f, 1 << 20), "size " + n);
        }
    }

    @Test
    void aFileOverTheBoundIsAnIoErrorAtTheBoundAndOneAtItIsRead() throws Exception {
        Path f = Files.write(dir.resolve("big"), new byte[1001]);
        ShapeError e = assertThrows(ShapeError.class, () -> InputFile.bytes(f, 1000));
        assertTrue(e.getMessage().contains("larger than"), e.getMessage());
        assertArrayEquals(new byte[1001], InputFile.bytes(f, 1001));
    }

    @Test
    void anEndlessDeviceStopsAtTheBound() {
        Path zero = Path.of("/dev/zero");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero");
        ShapeError e = assertThrows(ShapeError.class, () -> InputFile.bytes(zero, 100_000));
        assertTrue(e.getMessage().contains("larger than"), e.getMessage());
    }
}
