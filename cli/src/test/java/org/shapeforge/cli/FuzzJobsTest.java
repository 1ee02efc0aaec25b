package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A campaign's answer does not depend on {@code --jobs}: {@code fuzz --jobs 2} prints what
 * {@code --jobs 1} prints (counts per class, each solver's verdict counts, the findings and their
 * files) but for the timings and the {@code jobs} field ({@code --programs} shares the sharding,
 * {@code Shards}, and is left out for time: its SMT cases are slow). The SMT timeout per case is
 * generous (these cases take at most about 2 s on a loaded machine), so that no case's verdict rests on how
 * busy the machine is; {@code fuzz --timeout-ms} bounds each case, never the campaign.
 */
class FuzzJobsTest {
    @TempDir
    Path dir;

    static final List<String> TIMINGS = List.of("seconds", "casesPerSecond", "jobs", "solveMillis", "meanSolveMillis", "maxSolveMillis");

    @Test
    void twoJobsAnswerAsOneDoes() throws IOException {
        List<String> campaign = List.of("fuzz", "--seed", "3", "--cases", "100", "--fragment", "core", "--timeout-ms", "10000");
        assertEquals(answer(campaign, 1), answer(campaign, 2));
    }

    @Test
    void theTimeoutBoundsEachCaseNotTheCampaign() {
        CliRun r = CliRun.of("fuzz", "--seed", "2", "--cases", "30", "--fragment", "core", "--timeout-ms", "1", "--json",
                "--out", dir.resolve("t").toString());
        JsonNode doc = json(r);
        assertEquals(30, doc.path("cases").asLong(), r.out() + r.err());
        long counted = 0;
        for (JsonNode n : doc.path("counts")) counted += n.asLong();
        assertEquals(30, counted, "every case counted: " + doc.path("counts"));
    }

    /** The campaign's JSON document without its timings, and the finding files by name. */
    private record Answer(JsonNode doc, Map<String, String> files) {}

    private Answer answer(List<String> campaign, int jobs) throws IOException {
        Path out = dir.resolve("jobs" + jobs);
        List<String> args = new ArrayList<>(campaign);
        args.addAll(List.of("--jobs", String.valueOf(jobs), "--json", "--out", out.toString()));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        ObjectNode doc = (ObjectNode) json(r);
        strip(doc);
        for (JsonNode f : doc.path("findings")) ((ObjectNode) f).put("file", Path.of(f.path("file").asText()).getFileName().toString());
        Map<String, String> files = new TreeMap<>();
        if (Files.isDirectory(out))
            try (Stream<Path> s = Files.list(out)) {
                for (Path p : s.toList()) files.put(p.getFileName().toString(), Files.readString(p));
            }
        return new Answer(doc, files);
    }

    private static JsonNode json(CliRun r) {
        try {
            return Cli.JSON.readTree(r.out());
        } catch (IOException e) {
            throw new AssertionError("not one JSON document (exit " + r.code() + "):\n" + r.out() + r.err(), e);
        }
    }

    private static void strip(JsonNode n) {
        if (n instanceof ObjectNode o) {
            TIMINGS.forEach(o::remove);
            o.forEach(FuzzJobsTest::strip);
        } else if (n.isArray()) n.forEach(FuzzJobsTest::strip);
    }
}
