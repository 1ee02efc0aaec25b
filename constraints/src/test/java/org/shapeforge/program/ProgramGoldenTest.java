package org.shapeforge.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.shapeforge.lang.ShapeError;

/**
 * Golden JSON tests of the front end: for each {@code src/test/resources/program/golden/NAME.shp},
 * the constraints it generates (with origins), its declarations, tensor terms and labels — or its
 * error — must equal {@code NAME.json}. The cases cover each shape logic ({@code logic-*}), each
 * spec-syntax feature ({@code spec-*}) and each error ({@code error-*}). After a deliberate change,
 * regenerate with {@code -Dgolden.update=true} (the run then fails: review the diff, then run without it).
 */
class ProgramGoldenTest {
    static final Path DIR = Path.of("src/test/resources/program/golden");

    static String render(Path shp) throws IOException {
        String name = shp.getFileName().toString();
        try {
            return GoldenJson.of(ShapeLogic.generate(ProgramParser.parse(name, Files.readString(shp))));
        } catch (ShapeError e) {
            return GoldenJson.of(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyCaseMatchesItsGolden() throws IOException {
        List<Path> cases;
        try (Stream<Path> s = Files.list(DIR)) {
            cases = s.filter(p -> p.toString().endsWith(".shp")).sorted().toList();
        }
        assertFalse(cases.isEmpty(), "no golden cases under " + DIR.toAbsolutePath());
        boolean update = Boolean.getBoolean("golden.update");
        return cases.stream().map(shp -> DynamicTest.dynamicTest(shp.getFileName().toString(), () -> {
            Path golden = Path.of(shp.toString().replaceFirst("\\.shp$", ".json"));
            String actual = render(shp);
            if (update) {
                Files.writeString(golden, actual);
                fail("wrote " + golden + " (-Dgolden.update=true): review the diff, then run without the switch");
            }
            assertEquals(Files.readString(golden), actual, "golden " + golden + " (regenerate with -Dgolden.update=true)");
        }));
    }
}
