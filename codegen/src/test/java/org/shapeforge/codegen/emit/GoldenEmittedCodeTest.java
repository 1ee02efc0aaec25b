package org.shapeforge.codegen.emit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.shapeforge.codegen.Catalogue;
import org.shapeforge.codegen.c.CEmitter;
import org.shapeforge.codegen.cuda.CudaEmitter;

/**
 * The emitted C and CUDA of every catalogue operation, prologue excluded, against the files under
 * {@code src/test/resources/golden/}. Regenerate after an intended change with
 * {@code -Dshapeforge.golden.update=true} (the run then fails: review the diff, then run without it).
 */
class GoldenEmittedCodeTest {
    private static final Path DIR = Path.of("src/test/resources/golden");
    private static final boolean UPDATE = Boolean.getBoolean("shapeforge.golden.update");

    static Stream<Catalogue.Case> ops() {
        return Catalogue.all().stream();
    }

    @ParameterizedTest(name = "C {0}")
    @MethodSource("ops")
    void c(Catalogue.Case c) throws IOException {
        String src = new CEmitter(c.op()).source();
        compare(DIR.resolve("c").resolve(c.name() + ".c"), src.substring(CEmitter.prologue().length()));
    }

    @ParameterizedTest(name = "CUDA {0}")
    @MethodSource("ops")
    void cuda(Catalogue.Case c) throws IOException {
        String src = new CudaEmitter(c.op()).source();
        compare(DIR.resolve("cuda").resolve(c.name() + ".cu"), src.substring(CudaEmitter.prologue().length()));
    }

    private static void compare(Path file, String got) throws IOException {
        if (UPDATE) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, got, StandardCharsets.UTF_8);
            fail("wrote " + file + " (-Dshapeforge.golden.update=true): review the diff, then run without the switch");
        }
        assertEquals(Files.readString(file, StandardCharsets.UTF_8), got, "emitted code differs from " + file);
    }
}
