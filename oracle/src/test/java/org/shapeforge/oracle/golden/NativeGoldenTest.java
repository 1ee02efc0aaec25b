package org.shapeforge.oracle.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@link NativeGolden} against its committed hashes ({@code src/test/resources/golden/native-golden.sha256},
 * one SHA-256 per block of {@value NativeGolden#BLOCK} cases, {@value NativeGolden#CASES} cases in all):
 * the default run recomputes a stratified sample of blocks ({@link #SAMPLED}) and compares each
 * byte for byte; {@code -Dgolden.full=true} recomputes every block. A line recording an internal
 * error fails, never becomes golden. {@code -Dgolden.out=FILE} writes the golden file to FILE and its
 * hashes to {@code FILE.sha256} (copy them over the committed ones after review), then fails the run:
 * <pre>
 * mvn -B -ntp -o -q -pl oracle -am test -Dtest=NativeGoldenTest -Dsurefire.failIfNoSpecifiedTests=false -Dgolden.out=/tmp/golden.txt
 * </pre>
 * Lines depend only on their case (not on what ran before), so that two builds' files compare line by line.
 */
class NativeGoldenTest {
    static final String HASHES = "/golden/native-golden.sha256";

    /** The blocks the default run checks: one in each tenth of the campaign, at a different offset in each. */
    static final List<Integer> SAMPLED = List.of(0, 11, 22, 33, 44, 55, 66, 77, 88, 99);

    @Test
    void aCaseLineIsTheSameWhateverRanBefore() {
        int n = 40;
        List<String> forward = new ArrayList<>();
        for (int i = 0; i < n; i++) forward.add(NativeGolden.line(NativeGolden.SEED, i));
        for (int i = n - 1; i >= 0; i--) assertEquals(forward.get(i), NativeGolden.line(NativeGolden.SEED, i), "case " + i);
        assertNotEquals(forward.get(0), forward.get(1), "distinct cases print distinct lines");
    }

    @Test
    void theSampledBlocksAreByteIdenticalToTheCommittedGolden() throws IOException {
        check(SAMPLED);
    }

    @Test
    void everyBlockIsByteIdenticalToTheCommittedGolden() throws IOException {
        Assumptions.assumeTrue(Boolean.getBoolean("golden.full"), "the whole golden campaign runs with -Dgolden.full=true");
        List<Integer> all = new ArrayList<>();
        for (int b = 0; b < NativeGolden.CASES / NativeGolden.BLOCK; b++) all.add(b);
        check(all);
    }

    /** A line recording an internal error is no golden: the block check fails on it first. */
    @Test
    void anInternalErrorLineFailsTheBlock() {
        List<String> lines = new ArrayList<>(NativeGolden.block(NativeGolden.SEED, 0));
        assertEquals(List.of(), NativeGolden.internalErrors(lines));
        lines.set(3, lines.get(3) + " | {\"internal\":\"IllegalStateException: boom\"}");
        assertEquals(List.of(3), NativeGolden.internalErrors(lines));
    }

    private static void check(List<Integer> blocks) throws IOException {
        Map<Integer, String> committed = committed();
        assertEquals(NativeGolden.CASES / NativeGolden.BLOCK, committed.size(), "blocks in " + HASHES);
        List<String> bad = new ArrayList<>();
        for (int b : blocks) {
            List<String> lines = NativeGolden.block(NativeGolden.SEED, b);
            for (int i : NativeGolden.internalErrors(lines)) bad.add("block " + b + ", case " + (b * NativeGolden.BLOCK + i)
                    + ": an internal error (a bug, never golden): " + lines.get(i));
            String h = NativeGolden.hash(lines);
            if (!h.equals(committed.get(b))) bad.add("block " + b + " (cases " + b * NativeGolden.BLOCK + ".." + ((b + 1) * NativeGolden.BLOCK - 1)
                    + ") hashes " + h + ", committed " + committed.get(b) + ": diff the lines against a golden file of the previous build");
        }
        assertTrue(bad.isEmpty(), String.join("\n", bad));
    }

    /** Block index → hash, from {@link #HASHES} ({@code block<TAB>sha256} a line). */
    private static Map<Integer, String> committed() throws IOException {
        Map<Integer, String> out = new TreeMap<>();
        try (InputStream in = NativeGoldenTest.class.getResourceAsStream(HASHES)) {
            if (in == null) fail("no test resource " + HASHES);
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::strip).toList()) {
                if (line.isEmpty() || line.startsWith("#")) continue;
                String[] f = line.split("\t");
                out.put(Integer.parseInt(f[0]), f[1]);
            }
        }
        return out;
    }

    @Test
    void writesTheGoldenFileWhenAskedAndFailsTheRun() throws Exception {
        String out = System.getProperty("golden.out");
        Assumptions.assumeTrue(out != null && !out.isBlank(), "-Dgolden.out=FILE not given");
        Path file = Path.of(out);
        List<Integer> internal = NativeGolden.write(NativeGolden.SEED, file, Path.of(out + ".sha256"));
        assertTrue(internal.isEmpty(), "internal errors at cases " + internal + " (bugs, not golden): see " + file);
        fail("wrote " + file + " and " + out + ".sha256 (-Dgolden.out): review, copy the hashes over src/test/resources" + HASHES
                + ", then run without the switch");
    }
}
