package org.shapeforge.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.shapeforge.lang.Constraint;
import org.shapeforge.lang.Problem;
import org.shapeforge.lang.Span;
import org.shapeforge.solver.Entailments;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solver.Entailment;
import org.shapeforge.solver.SolveOptions;
import org.shapeforge.term.Dim;
import org.shapeforge.term.Row;

/**
 * {@code shapeforge bench queries}: entailment queries against the native-mix network solved
 * once ({@link org.shapeforge.solver.ShapeSolver#entailments}). Per size: the one-off setup (stage 1, closing, the
 * evaluator's check of γ_close and γ↑, the entailer's O(N) indexes of the input's variables),
 * then a fixed, seeded list of queries over random layers — forced widths ({@code i_k = 64·…},
 * entailed), other widths ({@code j_k = 3}), the capped chain ({@code c_k = 3}, {@code c_k = 64}),
 * concat results ({@code h_k = 96}), weight rows ({@code <w_k> ~ [i, j]}) and orders
 * ({@code c_k <= 64}) — timed together after a warm-up pass over the same list; reports
 * queries/second, microseconds/query and the answers' counts.
 */
final class QueryBench {
    private QueryBench() {}

    static final int QUERIES = 20_000;

    static int run(List<Integer> sizes, Integer reps, int warmup, boolean json, PrintWriter out) {
        ArrayNode runs = Cli.JSON.createArrayNode();
        NetworkMix mix = NetworkMix.full();
        int passes = Math.max(1, Math.min(warmup, 3));
        if (!json) out.printf("queries: entailment against native-mix solved once; %d seeded queries per size, after %d JIT"
                + " warm-up passes over a 10^3 mix's queries and %d warm-up passes per size; %d cores%n",
                QUERIES, warmup, passes, Runtime.getRuntime().availableProcessors());
        if (warmup > 0) { // else the first size is timed half-interpreted (5 µs/query where later sizes take 1-2)
            Problem w = mix.generate(1000);
            Entailments we = Backend.NATIVE.create().entailments(w, SolveOptions.defaults());
            List<Constraint> wq = queries(w, QUERIES);
            for (int i = 0; i < warmup; i++) for (Constraint q : wq) we.entails(q);
        }
        for (int n : sizes) {
            Problem p = mix.generate(n);
            long t0 = System.nanoTime();
            Entailments e = Backend.NATIVE.create().entailments(p, SolveOptions.defaults());
            double setup = (System.nanoTime() - t0) / 1e6;
            List<Constraint> qs = queries(p, QUERIES);
            int r = reps != null ? Math.max(1, reps) : 3;
            for (int w = 0; w < passes; w++) for (Constraint q : qs) e.entails(q);
            double best = Double.MAX_VALUE;
            int entailed = 0, not = 0, undetermined = 0;
            for (int i = 0; i < r; i++) {
                entailed = not = undetermined = 0;
                long q0 = System.nanoTime();
                for (Constraint q : qs)
                    switch (e.entails(q)) {
                        case Entailment.Entailed x -> entailed++;
                        case Entailment.NotEntailed x -> not++;
                        case Entailment.Undetermined x -> undetermined++;
                    }
                best = Math.min(best, (System.nanoTime() - q0) / 1e6);
            }
            double us = best * 1000 / qs.size(), qps = qs.size() / (best / 1000);
            runs.addObject().put("size", n).put("constraints", p.constraints().size()).put("setupMillis", setup)
                    .put("queries", qs.size()).put("millis", best).put("microsPerQuery", us).put("queriesPerSecond", qps)
                    .put("entailed", entailed).put("notEntailed", not).put("undetermined", undetermined).put("repetitions", r);
            if (!json) out.printf("queries  n=%-8d setup %9.1f ms  %6d queries in %8.1f ms (best of %d): %8.2f µs/query"
                            + "  %10.0f queries/s  entailed %d, not entailed %d, undetermined %d%n",
                    n, setup, qs.size(), best, r, us, qps, entailed, not, undetermined);
        }
        if (json) out.println(Cli.json(Cli.JSON.createObjectNode().put("benchmark", "queries")
                .put("cores", Runtime.getRuntime().availableProcessors()).put("jitWarmupPasses", warmup)
                .put("method", "entailment queries against one Entailer per size; best of repetitions after JIT warm-up passes over a 10^3 mix"
                        + " and warm-up passes per size")
                .set("runs", runs)));
        out.flush();
        return Cli.OK;
    }

    /** Seeded queries over the layers the first {@code n} constraints define. */
    static List<Constraint> queries(Problem p, int count) {
        int layers = Math.max(1, p.constraints().size() / 12);
        Random rnd = new Random(12);
        List<Constraint> out = new ArrayList<>(count);
        for (int q = 0; q < count; q++) {
            int k = 1 + rnd.nextInt(layers);
            out.add(query(q % KINDS, k));
        }
        return out;
    }

    /** How many kinds of query {@link #query} makes. */
    static final int KINDS = 7;

    /** Query kind {@code kind} (0 ≤ kind < {@link #KINDS}) on layer {@code k} of the mix. */
    static Constraint query(int kind, int k) {
        return switch (kind) {
            case 0 -> eq("i" + k, k == 1 ? 64 : 64L * (1 + (k - 1) % 4));
            case 1 -> eq("j" + k, 3);
            case 2 -> eq("c" + k, 3);
            case 3 -> eq("c" + k, 64);
            case 4 -> eq("h" + k, 64L * (1 + k % 4) + 32);
            case 5 -> new Constraint.RowEq(Row.var("w" + k), Row.literal(List.of(Dim.atom(k == 1 ? 64 : 64L * (1 + (k - 1) % 4)),
                    Dim.atom(64L * (1 + k % 4)))), Span.NONE);
            case 6 -> new Constraint.DimLe(Dim.var("c" + k), Dim.atom(64), Span.NONE);
            default -> throw new IllegalArgumentException("query kind " + kind + " not in 0.." + (KINDS - 1));
        };
    }

    private static Constraint eq(String v, long n) {
        return new Constraint.DimEq(Dim.var(v), Dim.atom(n), Span.NONE);
    }
}
