package org.shapeforge.program;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random well-formed tensor programs (the surface-language probe of seed 003's Cor. 5.5 /
 * Remark 2.11: a placement-discriminating constraint set "should be unwritable from the surface
 * language"). Every program parses and generates; it need not be well-shaped. Terminals are data
 * (never parameters, whose hidden-dimension errors are a closing policy of their own); operations
 * are drawn from every shape logic, specs from rank-polymorphic templates with ellipses so that
 * they fit operands of unknown rank. Deterministic for a seed.
 */
public final class RandomPrograms {
    private static final String[] UNARY_SPECS = {
        "...|...->...,k => ...|...->...",          // reduce the last output axis
        "...|...->k,... => ...|...->...,k",        // rotate the output row
        "...|...->... => ...|...->...",            // identity
        "k,...|...->... => ...|...->k,...",        // move a leading batch axis to the output
        "...|...->... => ...|...->0,...",          // unsqueeze (fixed index)
        "..r..|...->2*k+1,... => ..r..|...->k,...", // strided view with offset
    };
    private static final String[] BINARY_SPECS = {
        "...|->...,i; ...|->...,i => ...|->...",   // dot product over the last axis
        "...|i->j; ...|->i => ...|->j",            // matrix-vector
        "...|->i; ...|->j => ...|->i,j",           // outer product
        "b|->i; b|->j => b|->i,j",
        "...|->...,k; ...|->...,k => ...|->...,k", // elementwise without broadcasting
    };

    private RandomPrograms() {}

    /**
     * The text of the program for {@code seed}: 1–3 terminals, then 1–{@code maxOps} operations;
     * {@code concat} admits the stacking operations (Block specs with concatenation).
     */
    public static String program(long seed, int maxOps, boolean concat) {
        Random rnd = new Random(seed);
        List<String> names = new ArrayList<>();
        StringBuilder sb = new StringBuilder("# random program, seed " + seed + "\n");
        int terminals = 1 + rnd.nextInt(3);
        for (int i = 0; i < terminals; i++) {
            String n = "x" + i;
            sb.append(n).append(" = ").append(terminal(rnd)).append('\n');
            names.add(n);
        }
        int ops = 1 + rnd.nextInt(maxOps);
        for (int i = 0; i < ops; i++) {
            String n = "y" + i;
            sb.append(n).append(" = ").append(operation(rnd, names, concat)).append('\n');
            names.add(n);
        }
        if (rnd.nextInt(4) == 0) sb.append(pick(rnd, names)).append(" := ").append(pick(rnd, names)).append('\n');
        return sb.toString();
    }

    private static String terminal(Random rnd) {
        if (rnd.nextInt(5) == 0) return "data(o=[" + dim(rnd) + "], elements=" + (new int[] {6, 12, 24, 36})[rnd.nextInt(4)] + ")";
        if (rnd.nextInt(8) == 0) return "scalar";
        List<String> kw = new ArrayList<>();
        String[] kinds = {"b", "i", "o"};
        for (String k : kinds) {
            int rank = rnd.nextInt(k.equals("i") ? 2 : 3);
            if (rank == 0 && rnd.nextBoolean()) continue;
            List<String> ds = new ArrayList<>();
            for (int j = 0; j < rank; j++) ds.add(dim(rnd));
            kw.add(k + "=[" + String.join(", ", ds) + "]");
        }
        return "data(" + String.join(", ", kw) + ")";
    }

    private static String dim(Random rnd) {
        int n = 2 + rnd.nextInt(3);
        return rnd.nextInt(10) == 0 ? n + ":c" : String.valueOf(n);
    }

    private static String operation(Random rnd, List<String> names, boolean concat) {
        String a = pick(rnd, names), b = pick(rnd, names);
        int op = rnd.nextInt(12);
        if (op == 10 && !concat) op = 0;
        return switch (op) {
            case 0 -> a + " + " + b;
            case 1 -> a + " *. " + b;
            case 2 -> a + " * " + b;
            case 3 -> "relu(" + a + ")";
            case 4 -> "transpose(" + a + ")";
            case 5 -> "where(" + a + ", " + b + ", " + pick(rnd, names) + ")";
            case 6 -> "fma(" + a + ", " + b + ", " + pick(rnd, names) + ")";
            case 7 -> "permute(" + a + ", \"" + UNARY_SPECS[rnd.nextInt(UNARY_SPECS.length)] + "\")";
            case 8 -> "einsum(" + a + ", " + b + ", \"" + BINARY_SPECS[rnd.nextInt(BINARY_SPECS.length)] + "\")";
            case 9 -> "slice(" + a + ", " + (2 + rnd.nextInt(2)) + ")";
            case 10 -> "stack_" + (new String[] {"out", "in", "batch"})[rnd.nextInt(3)] + "(" + a + ", " + a + ")";
            default -> a + " - (" + b + " / " + a + ")";
        };
    }

    private static String pick(Random rnd, List<String> names) {
        // prefer recent tensors, so that operations chain
        int n = names.size();
        return names.get(rnd.nextInt(3) == 0 ? rnd.nextInt(n) : Math.max(0, n - 1 - rnd.nextInt(Math.min(n, 3))));
    }
}
