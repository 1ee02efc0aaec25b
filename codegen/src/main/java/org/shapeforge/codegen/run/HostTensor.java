package org.shapeforge.codegen.run;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A dense tensor on the Java heap: logical dims (no margins), row-major values. Inputs and outputs
 * of generated kernels and of the reference interpreter.
 */
public record HostTensor(List<Integer> dims, double[] data) {
    public HostTensor {
        dims = List.copyOf(dims);
        long n = 1;
        for (int d : dims) n *= d;
        if (n != data.length) throw new IllegalArgumentException("dims " + dims + " hold " + n + " values, got " + data.length);
    }

    public static HostTensor zeros(List<Integer> dims) {
        long n = 1;
        for (int d : dims) n *= d;
        return new HostTensor(dims, new double[Math.toIntExact(n)]);
    }

    /** Uniform values in [−1, 1), rounded to float (what the kernels see), from a seeded generator. */
    public static HostTensor random(List<Integer> dims, SplittableRandom rnd) {
        HostTensor t = zeros(dims);
        for (int i = 0; i < t.data.length; i++) t.data[i] = (float) (rnd.nextDouble() * 2 - 1);
        return t;
    }

    public int rank() { return dims.size(); }

    /** This tensor with every value rounded to float (what a kernel's buffer holds). */
    public HostTensor roundedToFloat() {
        double[] r = new double[data.length];
        for (int i = 0; i < r.length; i++) r[i] = (float) data[i];
        return new HostTensor(dims, r);
    }

    /** The row-major offset of a multi-index. */
    public int offset(int... ix) {
        int off = 0;
        for (int a = 0; a < ix.length; a++) {
            if (ix[a] < 0 || ix[a] >= dims.get(a)) throw new IndexOutOfBoundsException(Arrays.toString(ix) + " in " + dims);
            off = off * dims.get(a) + ix[a];
        }
        return off;
    }

    public double get(int... ix) { return data[offset(ix)]; }

    public void set(double v, int... ix) { data[offset(ix)] = v; }

    /** The largest |value|. */
    public double maxAbs() {
        double m = 0;
        for (double v : data) m = Math.max(m, Math.abs(v));
        return m;
    }
}
