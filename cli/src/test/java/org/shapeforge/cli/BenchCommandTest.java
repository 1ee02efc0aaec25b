package org.shapeforge.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench native-chain}: the JSON document reports the measured runs of each size (issue 3, "Benchmark"). */
class BenchCommandTest {

    @Test
    void benchJsonReportsMedianOfRepetitionsPerSizeAllSat() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "native-chain", "--sizes", "200,400", "--reps", "3", "--warmup", "1", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("native-chain", doc.get("benchmark").asText());
        JsonNode runs = doc.get("runs");
        assertEquals(2, runs.size());
        for (int i = 0; i < 2; i++) {
            JsonNode run = runs.get(i);
            assertEquals(200 * (i + 1), run.get("constraints").asInt());
            assertEquals("sat", run.get("verdict").asText());
            assertEquals(3, run.get("allMillis").size());
            double min = run.get("minMillis").asDouble(), med = run.get("millis").asDouble(), max = run.get("maxMillis").asDouble();
            assertTrue(min <= med && med <= max, run.toString());
            assertTrue(run.get("peakHeapMiB").asDouble() > 0, run.toString());
            // --warmup 1: one untimed solve, fewer than the settling rule's minimum, so not "settled"
            assertEquals(1, run.get("warmupSolves").asInt(), run.toString());
            assertEquals(false, run.get("jitSettled").asBoolean(), run.toString());
            // four steps per constraint in the generator's order; native solves in the canonical
            // order (docs/solver.md, "Order and names"), where a few facts wait for a binding and
            // are re-emitted, and an empty row cap binds at once (806 steps at 200, 1,580 at 400,
            // 4,027 at 1,000): linear, about four per constraint
            long n = run.get("constraints").asInt(), steps = run.get("steps").asLong();
            assertTrue(7 * n / 2 <= steps && steps <= 9 * n / 2, "about four steps per constraint: " + steps);
        }
    }

    /**
     * {@code --shuffle SEED}: the same constraints in another order, re-interned in it; above the
     * canonical order's limit (10,000 constraints) the solver meets them as shuffled, and the mix
     * stays sat (its hub rows then see repairs from both sides: RankGraphTest's hub case).
     */
    @Test
    void nativeMixShuffledIsAPermutationAndSat() throws Exception {
        org.shapeforge.lang.Problem p = new NetworkMix(java.util.Map.of()).generate(300);
        org.shapeforge.lang.Problem q = BenchCommand.shuffled(p, 7);
        List<String> a = p.constraints().stream().map(org.shapeforge.lang.Printer::print).sorted().toList();
        List<String> b = q.constraints().stream().map(org.shapeforge.lang.Printer::print).sorted().toList();
        assertEquals(a, b);
        assertTrue(!p.constraints().equals(q.constraints()), "a different order");
        assertTrue(q.symbols().isPresent(), "re-interned");
        var r = FmtEvalCommandTest.run("bench", "native-mix", "--size", "12000", "--shuffle", "7", "--reps", "1", "--warmup", "0", "--no-live", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals(7, doc.get("shuffleSeed").asInt());
        assertEquals("sat", doc.get("runs").get(0).get("verdict").asText());
    }

    /** {@code bench native-mix} (issue 12): the layered network mix, all kinds, solved sat at each size. */
    @Test
    void nativeMixJsonIsSatAtEachSize() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "native-mix", "--sizes", "120,600", "--reps", "2", "--warmup", "0", "--steady", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode doc = Cli.JSON.readTree(r.out());
        assertEquals("native-mix", doc.get("benchmark").asText());
        for (int i = 0; i < 2; i++) {
            JsonNode run = doc.get("runs").get(i);
            assertEquals(i == 0 ? 120 : 600, run.get("constraints").asInt());
            assertEquals("sat", run.get("verdict").asText(), run.toString());
            assertEquals(0, run.get("warmupSolves").asInt(), run.toString()); // --warmup 0: none
            // the steady-state view: per-solve means of the back-to-back repetitions
            assertEquals(2, run.get("steady").get("repetitions").asInt(), run.toString());
            assertTrue(run.get("steady").get("meanMillis").asDouble() > 0, run.toString());
            // the live-heap probe: a sample saw at least the problem itself, or none landed (null), never 0
            JsonNode live = run.get("liveHeapMiB");
            assertTrue(live.isNull() || live.asDouble() > 0, run.toString());
        }
    }

    /**
     * The default warm-up runs the measured instance until the JIT settles: at least
     * {@link JitWarmup#MIN_SOLVES} solves and at most the default 200, and the document says which.
     */
    @Test
    void defaultWarmupSolvesTheInstanceUntilSettledOrTheCap() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "native-mix", "--size", "300", "--reps", "1", "--no-live", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode run = Cli.JSON.readTree(r.out()).get("runs").get(0);
        int solves = run.get("warmupSolves").asInt();
        assertTrue(solves >= JitWarmup.MIN_SOLVES && solves <= 200, run.toString());
        assertTrue(run.get("jitSettled").asBoolean() || solves == 200, "stops early only when settled: " + run);
    }

    /** The generated mix has every kind the issue lists, and {@code --every} changes the ratios. */
    @Test
    void nativeMixEmitsEveryKindAndPeriodsThinThemOut() {
        var all = FmtEvalCommandTest.run("bench", "native-mix", "--size", "60", "--emit");
        assertEquals(Cli.OK, all.code(), all.err());
        for (String s : List.of("<x2> ~ <bt> [i2]", "<w2> ~ [i2, j2]", "<m2> ~ <bt> [j2]", "<x2> ~ <m1>", "<y2> <= <m2>",
                "<y2> <= <bias2>", "<g2> <= <y2> [3]", "c1 <= c2", "total(<w2>) = 64 * v2", "h2 = j2 ^ 32",
                "h2 = affine(o2, stride=1, kernel=3, dilation=1)"))
            assertTrue(all.out().contains(s), s + " in\n" + all.out());
        var some = FmtEvalCommandTest.run("bench", "native-mix", "--size", "60", "--every", "total=2,conv=0", "--emit");
        assertEquals(Cli.OK, some.code(), some.err());
        assertTrue(some.out().contains("total(<w2>)") && !some.out().contains("total(<w3>)"), some.out());
        assertTrue(!some.out().contains("affine("), some.out());
        assertEquals(60, some.out().lines().count());
        var bad = FmtEvalCommandTest.run("bench", "native-mix", "--every", "nope=2");
        assertEquals(Cli.BAD_INPUT, bad.code());
        assertTrue(bad.err().contains("unknown kind 'nope'"), bad.err());
    }

    /** {@code bench queries}: every query answered, and the forced ones entailed. */
    @Test
    void queriesReportRatesAndAnswers() throws Exception {
        var r = FmtEvalCommandTest.run("bench", "queries", "--sizes", "240", "--reps", "1", "--warmup", "1", "--json");
        assertEquals(Cli.OK, r.code(), r.err());
        JsonNode run = Cli.JSON.readTree(r.out()).get("runs").get(0);
        int n = run.get("queries").asInt();
        assertEquals(n, run.get("entailed").asInt() + run.get("notEntailed").asInt() + run.get("undetermined").asInt());
        assertTrue(run.get("entailed").asInt() >= n * 3 / 7, run.toString()); // i_k, h_k and <w_k> are forced
        assertEquals(0, run.get("undetermined").asInt(), run.toString()); // the chain c_k: refuted by a cone shift (issue 12)
        assertTrue(run.get("queriesPerSecond").asDouble() > 0, run.toString());
    }

    @Test
    void unknownBenchmarkIsAUsageError() {
        var r = FmtEvalCommandTest.run("bench", "nope");
        assertEquals(Cli.BAD_INPUT, r.code());
        assertTrue(r.err().contains("unknown benchmark"), r.err());
    }
}
