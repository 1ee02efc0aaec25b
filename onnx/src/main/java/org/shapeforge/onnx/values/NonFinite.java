package org.shapeforge.onnx.values;

/**
 * The first node of a run, in graph order, that computed NaN or ±∞ although every input it read
 * was finite: where a non-finite graph output came from (issue 32: a NaN that nothing compares
 * must still be reported). A node inside an If, Loop or Scan body is reported as the control-flow
 * node that holds it.
 *
 * @param node    the node's name ({@code (unnamed)} when it has none)
 * @param op      its op type
 * @param output  the output that holds the non-finite values
 * @param count   how many of the output's values are NaN or ±∞
 * @param size    the output's number of values
 * @param example the first such value (NaN, +∞ or −∞)
 */
public record NonFinite(String node, String op, String output, long count, long size, double example) {
    /** The number of values of {@code data} that are NaN or ±∞. */
    public static long count(double[] data) {
        long n = 0;
        for (double d : data) if (!Double.isFinite(d)) n++;
        return n;
    }

    /** {@code node 'sq' (Pow), output 'sq': 6 of 6 values NaN or ±∞ (the first NaN), all its inputs finite}. */
    public String describe() {
        return "node '" + node + "' (" + op + "), output '" + output + "': " + count + " of " + size
                + " values NaN or ±∞ (the first " + example + "), all its inputs finite";
    }
}
