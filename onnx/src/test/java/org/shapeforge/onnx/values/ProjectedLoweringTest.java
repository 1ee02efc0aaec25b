package org.shapeforge.onnx.values;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import onnx.Onnx.NodeProto;
import onnx.Onnx.TensorProto.DataType;
import org.junit.jupiter.api.Test;
import org.shapeforge.codegen.ir.Operation;
import org.shapeforge.codegen.reference.LoopIrSemantics;
import org.shapeforge.codegen.run.CKernel;
import org.shapeforge.codegen.run.HostTensor;

/**
 * The contractions and convolutions lowered through projections ({@link Projected}, issue 29's one
 * lowering): for each, the loop IR the bridge built, evaluated by the loop IR's reference semantics
 * ({@link LoopIrSemantics}), equals a plain Java reference of the ONNX operator on random small
 * inputs — with batch broadcasting and 1-D promotions, transposes, repeated and ellipsis letters,
 * strides, dilations, uneven pads, groups and depthwise channels — and so does the generated C's
 * result.
 */
class ProjectedLoweringTest {
    private static final SplittableRandom RND = new SplittableRandom(29);
    private final Kernels k = Kernels.system();

    /** The operation of the last kernel run and its operands, as the bridge built them. */
    private record Ran(Operation op, Map<String, HostTensor> operands) {}

    private Ran last;
    private int kernels;

    private Value lowered(Supplier<Value> lowering) {
        last = null;
        kernels = 0;
        RunListener before = k.listen(new RunListener() {
            public void enter(NodeProto n, List<Value> inputs) {}

            public void exit(NodeProto n) {}

            public void kernel(CKernel c, Map<String, HostTensor> operands, HostTensor result) {
                last = new Ran(c.operation(), Map.copyOf(operands));
                kernels++;
            }

            public void read(double[] data) {}

            public void produced(String name, Value v, boolean constant) {}
        });
        try {
            return lowering.get();
        } finally {
            k.listen(before);
        }
    }

    /** The loop IR's meaning and the C result both equal {@code ref}. */
    private void check(String what, Supplier<Value> lowering, List<Integer> dims, double[] ref) {
        Value got = lowered(lowering);
        assertEquals(dims, got.dims(), what + ": result dims");
        assertEquals(1, kernels, what + ": one kernel (the lowered operation with its epilogue)");
        double[] ir = LoopIrSemantics.run(last.op(), last.operands()).data();
        assertEquals(ref.length, ir.length, what + ": cells of the loop IR's result");
        for (int i = 0; i < ref.length; i++) {
            assertEquals(ref[i], ir[i], 1e-9 * (1 + Math.abs(ref[i])), what + ": loop IR semantics at cell " + i);
            assertEquals(ref[i], got.data()[i], 1e-4 * (1 + Math.abs(ref[i])), what + ": generated C at cell " + i);
        }
    }

    private static Value random(Integer... dims) {
        List<Integer> ds = List.of(dims);
        double[] d = new double[(int) Shaping.product(ds)];
        for (int i = 0; i < d.length; i++) d[i] = Math.round(RND.nextDouble(-1, 1) * 64) / 64.0; // exact in float
        return new Value(ds, d, DataType.FLOAT_VALUE);
    }

    private static int[] unflat(long flat, List<Integer> dims) {
        int[] ix = new int[dims.size()];
        for (int a = dims.size() - 1; a >= 0; a--) {
            ix[a] = (int) (flat % dims.get(a));
            flat /= dims.get(a);
        }
        return ix;
    }

    private static double at(Value v, int... ix) {
        int f = 0;
        for (int a = 0; a < ix.length; a++) f = f * v.dims().get(a) + ix[a];
        return v.data()[f];
    }

    /** NumPy matmul: 1-D promotions, then batch axes broadcast right-aligned. */
    private static double[] matmulRef(Value a, Value b, List<Integer> out) {
        List<Integer> ad = a.rank() == 1 ? List.of(1, a.dims().get(0)) : a.dims();
        List<Integer> bd = b.rank() == 1 ? List.of(b.dims().get(0), 1) : b.dims();
        int m = ad.get(ad.size() - 2), kk = ad.getLast(), n = bd.getLast();
        int batch = Math.max(ad.size(), bd.size()) - 2;
        List<Integer> full = new ArrayList<>();
        for (int x = 0; x < batch; x++) {
            int ea = x - (batch - (ad.size() - 2)), eb = x - (batch - (bd.size() - 2));
            full.add(Math.max(ea < 0 ? 1 : ad.get(ea), eb < 0 ? 1 : bd.get(eb)));
        }
        full.add(m);
        full.add(n);
        double[] r = new double[(int) Shaping.product(full)];
        Value av = a.view(ad), bv = b.view(bd);
        for (int f = 0; f < r.length; f++) {
            int[] ix = unflat(f, full);
            int[] ai = new int[ad.size()], bi = new int[bd.size()];
            for (int x = 0; x < ad.size() - 2; x++) ai[x] = ad.get(x) == 1 ? 0 : ix[x + batch - (ad.size() - 2)];
            for (int x = 0; x < bd.size() - 2; x++) bi[x] = bd.get(x) == 1 ? 0 : ix[x + batch - (bd.size() - 2)];
            double s = 0;
            for (int q = 0; q < kk; q++) {
                ai[ad.size() - 2] = ix[batch];
                ai[ad.size() - 1] = q;
                bi[bd.size() - 2] = q;
                bi[bd.size() - 1] = ix[batch + 1];
                s += at(av, ai) * at(bv, bi);
            }
            r[f] = s;
        }
        assertEquals(Shaping.product(out), r.length);
        return r;
    }

    @Test
    void matmulWithBatchBroadcastingAndPromotions() {
        record Case(Value a, Value b, List<Integer> out) {}
        for (Case c : List.of(new Case(random(3, 4), random(4, 5), List.of(3, 5)),
                new Case(random(2, 1, 3, 4), random(3, 4, 5), List.of(2, 3, 3, 5)),
                new Case(random(2, 3, 4), random(1, 4, 2), List.of(2, 3, 2)),
                new Case(random(4), random(2, 4, 3), List.of(2, 3)),
                new Case(random(2, 3, 4), random(4), List.of(2, 3)),
                new Case(random(4), random(4), List.of())))
            check("matmul " + c.a().dims() + " × " + c.b().dims(), () -> Contractions.matmul(k, "mm", c.a(), c.b()), c.out(),
                    matmulRef(c.a(), c.b(), c.out()));
    }

    @Test
    void gemmWithTransposesScalingAndC() {
        for (boolean ta : new boolean[] {false, true})
            for (boolean tb : new boolean[] {false, true}) {
                Value a = ta ? random(4, 3) : random(3, 4), b = tb ? random(5, 4) : random(4, 5), c = random(5);
                double alpha = 0.5, beta = -2;
                double[] ref = new double[15];
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 5; j++) {
                        double s = 0;
                        for (int q = 0; q < 4; q++) s += (ta ? at(a, q, i) : at(a, i, q)) * (tb ? at(b, j, q) : at(b, q, j));
                        ref[i * 5 + j] = alpha * s + beta * at(c, j);
                    }
                check("gemm transA " + ta + " transB " + tb,
                        () -> Contractions.gemm(k, "g", a, b, c, alpha, beta, ta, tb), List.of(3, 5), ref);
                double[] plain = new double[15];
                for (int i = 0; i < 15; i++) plain[i] = (ref[i] - beta * at(c, i % 5)) / alpha;
                check("gemm core transA " + ta + " transB " + tb, () -> Contractions.gemm(k, "g", a, b, null, 1, 0, ta, tb),
                        List.of(3, 5), plain);
            }
    }

    /** Einsum by enumeration of every letter's values (broadcast operand axes of size 1 read at 0). */
    private static double[] einsumRef(String letters, List<String> terms, String out, List<Value> ins, Map<Character, Integer> size) {
        List<Integer> all = letters.chars().mapToObj(c -> size.get((char) c)).toList();
        List<Integer> od = out.chars().mapToObj(c -> size.get((char) c)).toList();
        double[] r = new double[(int) Shaping.product(od)];
        for (long f = 0; f < Shaping.product(all); f++) {
            int[] ix = unflat(f, all);
            double p = 1;
            for (int j = 0; j < ins.size(); j++) {
                int[] ii = new int[terms.get(j).length()];
                for (int x = 0; x < ii.length; x++)
                    ii[x] = ins.get(j).dims().get(x) == 1 ? 0 : ix[letters.indexOf(terms.get(j).charAt(x))];
                p *= at(ins.get(j), ii);
            }
            int o = 0;
            for (int x = 0; x < out.length(); x++) o = o * od.get(x) + ix[letters.indexOf(out.charAt(x))];
            r[o] += p;
        }
        return r;
    }

    @Test
    void einsumWithDiagonalsBroadcastAndEllipsis() {
        Value a = random(2, 3, 4), b = random(2, 4, 5);
        check("bij,bjk->bik", () -> Contractions.einsum(k, "e", "bij,bjk->bik", List.of(a, b)), List.of(2, 3, 5),
                einsumRef("bijk", List.of("bij", "bjk"), "bik", List.of(a, b), Map.of('b', 2, 'i', 3, 'j', 4, 'k', 5)));
        Value sq = random(4, 4);
        check("ii->i", () -> Contractions.einsum(k, "e", "ii->i", List.of(sq)), List.of(4),
                einsumRef("i", List.of("ii"), "i", List.of(sq), Map.of('i', 4)));
        Value one = random(1), v = random(3, 4);
        check("j,ij->ji (a broadcast axis)", () -> Contractions.einsum(k, "e", "j,ij->ji", List.of(one, v)), List.of(4, 3),
                einsumRef("ij", List.of("j", "ij"), "ji", List.of(one, v), Map.of('i', 3, 'j', 4)));
        Value x = random(2, 3, 4), y = random(4, 2);
        check("...ij,jk (implicit output)", () -> Contractions.einsum(k, "e", "...ij,jk", List.of(x, y)), List.of(2, 3, 2),
                einsumRef("0ijk", List.of("0ij", "jk"), "0ik", List.of(x, y), Map.of('0', 2, 'i', 3, 'j', 4, 'k', 2)));
        check("ijk,ijk-> (a full reduction)", () -> Contractions.einsum(k, "e", "ijk,ijk->", List.of(x, x)), List.of(),
                einsumRef("ijk", List.of("ijk", "ijk"), "", List.of(x, x), Map.of('i', 2, 'j', 3, 'k', 4)));
        Value u = random(3), w = random(5);
        check("i,j->ij (outer)", () -> Contractions.einsum(k, "e", "i,j->ij", List.of(u, w)), List.of(3, 5),
                einsumRef("ij", List.of("i", "j"), "ij", List.of(u, w), Map.of('i', 3, 'j', 5)));
    }

    /** ONNX Conv: y[n, g·mg + m, o] = Σ_{c, k} x[n, g·cg + c, s·o + d·k − begin] · w[g·mg + m, c, k] + bias, zero outside x. */
    private static double[] convRef(Value x, Value w, Value bias, Windows.Geometry g, int group, List<Integer> out) {
        int sp = g.spatial(), cin = x.dims().get(1), cout = w.dims().get(0), cg = cin / group, mg = cout / group;
        List<Integer> taps = w.dims().subList(2, w.rank());
        double[] r = new double[(int) Shaping.product(out)];
        for (int f = 0; f < r.length; f++) {
            int[] yi = unflat(f, out);
            int gr = yi[1] / mg;
            double s = bias == null ? 0 : bias.data()[yi[1]];
            for (int c = 0; c < cg; c++)
                for (int t = 0; t < Shaping.product(taps); t++) {
                    int[] ki = unflat(t, taps);
                    int[] xi = new int[sp + 2];
                    xi[0] = yi[0];
                    xi[1] = gr * cg + c;
                    boolean inside = true;
                    for (int a = 0; a < sp; a++) {
                        xi[a + 2] = g.stride()[a] * yi[a + 2] + g.dil()[a] * ki[a] - g.begin()[a];
                        inside &= xi[a + 2] >= 0 && xi[a + 2] < x.dims().get(a + 2);
                    }
                    if (!inside) continue;
                    int[] wi = new int[sp + 2];
                    wi[0] = yi[1];
                    wi[1] = c;
                    System.arraycopy(ki, 0, wi, 2, sp);
                    s += at(x, xi) * at(w, wi);
                }
            r[f] = s;
        }
        return r;
    }

    @Test
    void convWithStridesDilationsPadsAndGroups() {
        record Case(List<Integer> x, List<Integer> w, int group, long[] strides, long[] dils, long[] pads, String auto, boolean bias) {
            @Override
            public String toString() {
                return "x " + x + " w " + w + " group " + group + " strides " + java.util.Arrays.toString(strides) + " dilations "
                        + java.util.Arrays.toString(dils) + " pads " + java.util.Arrays.toString(pads) + " " + auto + (bias ? " bias" : "");
            }
        }
        for (Case c : List.of(
                new Case(List.of(2, 3, 7, 6), List.of(4, 3, 3, 3), 1, null, null, new long[] {1, 1, 1, 1}, "NOTSET", true),
                // the same shapes and sizes with other pads: another lowering (LoweringMemo's key holds the pads)
                new Case(List.of(2, 3, 7, 6), List.of(4, 3, 3, 3), 1, null, null, new long[] {0, 2, 2, 0}, "NOTSET", true),
                new Case(List.of(1, 2, 9, 8), List.of(3, 2, 3, 2), 1, new long[] {2, 3}, new long[] {2, 1}, new long[] {2, 0, 1, 3}, "NOTSET", false),
                new Case(List.of(2, 4, 6, 5), List.of(6, 2, 2, 3), 2, new long[] {1, 2}, null, new long[] {0, 1, 1, 0}, "NOTSET", false),
                new Case(List.of(1, 3, 8, 7), List.of(3, 1, 3, 3), 3, new long[] {2, 2}, null, null, "SAME_UPPER", true),
                new Case(List.of(1, 3, 8, 7), List.of(6, 1, 3, 3), 3, new long[] {2, 1}, null, null, "SAME_LOWER", false),
                new Case(List.of(2, 2, 11), List.of(3, 2, 3), 1, new long[] {3}, new long[] {2}, new long[] {3, 1}, "NOTSET", true),
                new Case(List.of(1, 2, 5, 5), List.of(2, 2, 1, 1), 1, new long[] {2, 2}, null, null, "VALID", false))) {
            Value x = random(c.x().toArray(Integer[]::new)), w = random(c.w().toArray(Integer[]::new));
            Value bias = c.bias() ? random(c.w().getFirst()) : null;
            int sp = c.x().size() - 2;
            int[] ker = c.w().subList(2, c.w().size()).stream().mapToInt(Integer::intValue).toArray();
            Windows.Geometry g = Windows.geometry(c.x().subList(2, c.x().size()), ker, c.strides(), c.dils(), c.pads(), c.auto(), false);
            List<Integer> out = new ArrayList<>(List.of(c.x().getFirst(), c.w().getFirst()));
            for (int a = 0; a < sp; a++) out.add(g.out()[a]);
            check("conv " + c, () -> Windows.conv(k, "conv", x, w, bias, g, c.group()), out, convRef(x, w, bias, g, c.group(), out));
        }
    }

    /** A window of x: max or sum over k of x[lead, s·o + d·k − begin], pads −∞ or 0; a sum over ones counts the cells inside. */
    private static double[] poolRef(Value x, Windows.Geometry g, boolean max, List<Integer> out) {
        int sp = g.spatial(), lead = x.rank() - sp;
        List<Integer> taps = java.util.Arrays.stream(g.kernel()).boxed().toList();
        double[] r = new double[(int) Shaping.product(out)];
        for (int f = 0; f < r.length; f++) {
            int[] yi = unflat(f, out);
            double acc = max ? Double.NEGATIVE_INFINITY : 0;
            for (int t = 0; t < Shaping.product(taps); t++) {
                int[] ki = unflat(t, taps), xi = yi.clone();
                boolean inside = true;
                for (int a = 0; a < sp; a++) {
                    xi[lead + a] = g.stride()[a] * yi[lead + a] + g.dil()[a] * ki[a] - g.begin()[a];
                    inside &= xi[lead + a] >= 0 && xi[lead + a] < x.dims().get(lead + a);
                }
                double v = inside ? at(x, xi) : max ? Double.NEGATIVE_INFINITY : 0;
                acc = max ? Math.max(acc, v) : acc + v;
            }
            r[f] = acc;
        }
        return r;
    }

    @Test
    void poolingWithStridesDilationsPadsAndCeilMode() {
        record Case(List<Integer> x, int[] kernel, long[] strides, long[] dils, long[] pads, String auto, boolean ceil) {
            @Override
            public String toString() {
                return "x " + x + " kernel " + java.util.Arrays.toString(kernel) + " strides " + java.util.Arrays.toString(strides)
                        + " dilations " + java.util.Arrays.toString(dils) + " pads " + java.util.Arrays.toString(pads) + " " + auto
                        + (ceil ? " ceil" : "");
            }
        }
        for (Case c : List.of(new Case(List.of(2, 3, 7, 6), new int[] {3, 3}, new long[] {2, 2}, null, new long[] {1, 1, 1, 1}, "NOTSET", false),
                new Case(List.of(1, 2, 8, 9), new int[] {3, 2}, new long[] {2, 3}, new long[] {2, 1}, new long[] {2, 0, 0, 2}, "NOTSET", true),
                new Case(List.of(1, 2, 7, 7), new int[] {3, 3}, new long[] {2, 2}, null, null, "NOTSET", true),
                new Case(List.of(1, 1, 6, 5), new int[] {2, 3}, new long[] {2, 1}, null, null, "SAME_LOWER", false),
                new Case(List.of(2, 3, 10), new int[] {4}, new long[] {3}, new long[] {2}, new long[] {3, 1}, "NOTSET", false))) {
            Value x = random(c.x().toArray(Integer[]::new));
            int sp = c.kernel().length, lead = c.x().size() - sp;
            Windows.Geometry g = Windows.geometry(c.x().subList(lead, c.x().size()), c.kernel(), c.strides(), c.dils(), c.pads(), c.auto(), c.ceil());
            List<Integer> out = new ArrayList<>(c.x().subList(0, lead));
            for (int a = 0; a < sp; a++) out.add(g.out()[a]);
            check("max pool " + c, () -> Windows.maxPool(k, "mp", x, g), out, poolRef(x, g, true, out));
            // the average pool's sum is its first kernel: a sum pool of the same window, then a count and a division
            double[] sum = poolRef(x, g, false, out);
            Value avg = Windows.averagePool(k, "ap", x, g, false);
            Value ones = new Value(x.dims(), java.util.stream.DoubleStream.generate(() -> 1).limit(x.size()).toArray(), DataType.FLOAT_VALUE);
            double[] count = poolRef(ones, g, false, out);
            for (int i = 0; i < sum.length; i++)
                assertEquals(sum[i] / count[i], avg.data()[i], 1e-4 * (1 + Math.abs(sum[i] / count[i])), "average pool " + c + " at cell " + i);
        }
    }
}
