package org.shapeforge.oracle.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link NativeGolden}: its lines depend only on the case (not on what ran before), so that two
 * builds' files compare line by line; and, asked with {@code -Dgolden.out=FILE} (optionally
 * {@code -Dgolden.cases=N}, default 10,000), it writes the golden file:
 * <pre>
 * mvn -B -ntp -o -q -pl oracle -am test -Dtest=NativeGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.out=/tmp/golden.txt
 * </pre>
 */
class NativeGoldenTest {
    @Test
    void aCaseLineIsTheSameWhateverRanBefore() {
        int n = 40;
        List<String> forward = new ArrayList<>();
        for (int i = 0; i < n; i++) forward.add(NativeGolden.line(NativeGolden.SEED, i));
        for (int i = n - 1; i >= 0; i--) assertEquals(forward.get(i), NativeGolden.line(NativeGolden.SEED, i), "case " + i);
        assertNotEquals(forward.get(0), forward.get(1), "distinct cases print distinct lines");
    }

    @Test
    void writesTheGoldenFileWhenAsked() throws Exception {
        String out = System.getProperty("golden.out");
        Assumptions.assumeTrue(out != null && !out.isBlank(), "-Dgolden.out=FILE not given");
        NativeGolden.write(NativeGolden.SEED, Integer.getInteger("golden.cases", 10_000), Path.of(out));
    }
}
