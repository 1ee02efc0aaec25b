package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import onnx.Onnx.ModelProto;
import org.shapeforge.lang.ShapeError;
import org.shapeforge.onnx.ImportResult;
import org.shapeforge.onnx.Imported;
import org.shapeforge.onnx.Importer;
import org.shapeforge.onnx.Model;
import org.shapeforge.oracle.Backend;
import org.shapeforge.solver.ShapeSolver;
import org.shapeforge.solver.SolveOptions;

/**
 * {@code shapeforge import MODEL --json} in-process, phase by phase, as {@link ImportCommand} runs
 * it: {@code parse} (reading the file, protobuf), {@code translate} (the graph to constraints,
 * presolves included), {@code solve} (the final native solve and the reading of every value's
 * shape), {@code print} (the JSON document). {@link #measure} times {@code warmup} untimed imports,
 * then {@code runs} timed ones, and reports medians: the JIT-warm cost of one import in a process
 * that imports many models.
 */
record WarmImport(String status, int nodes, List<Double> totalMillis, Map<String, Double> phaseMillis) {
    /** The phases, in order; {@link #phaseMillis} holds each one's median. */
    static final List<String> PHASES = List.of("parse", "translate", "solve", "print");

    WarmImport {
        totalMillis = List.copyOf(totalMillis);
        phaseMillis = Collections.unmodifiableMap(new LinkedHashMap<>(phaseMillis));
    }

    /** The median of the timed runs' totals. */
    double millis() {
        return median(totalMillis);
    }

    /**
     * Imports {@code file} {@code warmup + runs} times. The status is {@code ok}, the failure's kind
     * ({@code semantic}, {@code policy}, …: the import ran to its answer) or {@code error: MESSAGE}
     * (the file was refused as malformed; the time to that refusal is measured).
     */
    static WarmImport measure(Path file, int warmup, int runs) {
        for (int i = 0; i < warmup; i++) once(file);
        List<double[]> timed = new ArrayList<>();
        String status = "ok";
        int nodes = -1;
        for (int i = 0; i < runs; i++) {
            Once o = once(file);
            timed.add(o.phases());
            status = o.status();
            nodes = o.nodes();
        }
        List<Double> totals = timed.stream().map(p -> p[0] + p[1] + p[2] + p[3]).toList();
        Map<String, Double> phases = new LinkedHashMap<>();
        for (int k = 0; k < PHASES.size(); k++) {
            int kk = k;
            phases.put(PHASES.get(k), median(timed.stream().map(p -> p[kk]).toList()));
        }
        return new WarmImport(status, nodes, totals, phases);
    }

    private record Once(String status, int nodes, double[] phases) {}

    private static Once once(Path file) {
        double[] ms = new double[4];
        long t0 = System.nanoTime();
        int nodes = -1;
        try {
            ModelProto m = Model.load(file);
            nodes = m.getGraph().getNodeCount();
            long t1 = System.nanoTime();
            ms[0] = (t1 - t0) / 1e6;
            ShapeSolver solver = Backend.NATIVE.create();
            Imported im = Importer.translate(m, file.toString(), Map.of(), solver);
            long t2 = System.nanoTime();
            ms[1] = (t2 - t1) / 1e6;
            ImportResult r = im.solve(solver, SolveOptions.defaults());
            long t3 = System.nanoTime();
            ms[2] = (t3 - t2) / 1e6;
            String doc = Cli.json(ImportCommand.toJson(r));
            ms[3] = (System.nanoTime() - t3) / 1e6;
            if (doc.isEmpty()) throw new IllegalStateException("empty import document");
            return new Once(r.succeeded() ? "ok" : r.failure().kind().keyword(), nodes, ms);
        } catch (ShapeError e) {
            ms[1] = (System.nanoTime() - t0) / 1e6 - ms[0];
            return new Once("error: " + e.getMessage(), nodes, ms);
        }
    }

    static double median(List<Double> xs) {
        if (xs.isEmpty()) return Double.NaN;
        List<Double> s = new ArrayList<>(xs);
        s.sort(Comparator.naturalOrder());
        return s.size() % 2 == 1 ? s.get(s.size() / 2) : (s.get(s.size() / 2 - 1) + s.get(s.size() / 2)) / 2;
    }
}
