package org.shapeforge.codegen.program;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.shapeforge.codegen.run.CodegenException;
import org.shapeforge.project.Operation;
import org.shapeforge.project.ProgramProjections;
import org.shapeforge.project.Projections;
import org.shapeforge.project.TensorAxis;

/**
 * The memory a {@link ProgramRun} will need, checked before anything is allocated (issue 27: a
 * tensor of 2^31 elements was an {@code ArithmeticException}, a large one an out-of-memory exit).
 *
 * <p>A run holds every tensor of the program once, as doubles ({@code state}); while an operation
 * runs it also holds its operands' float-rounded copies (doubles), the reference's result, the C
 * kernel's float buffers and the kernel's result read back: at most {@code WORKING_BYTES} (28) bytes
 * per element of the operation's operands and result. The estimate is the sum of the first and
 * the largest second, in exact arithmetic (sizes are {@code long}s; their product may exceed one).
 *
 * <p>A violation is a {@link CodegenException} naming the tensor, its dims and its element count
 * ({@code run} reports it as bad input, exit 2): a tensor of more than {@link #MAX_ELEMENTS}
 * elements (the largest Java array, which holds a tensor on the host), or an estimate above the
 * budget.
 */
public final class RunBudget {
    private RunBudget() {}

    /** The most elements one tensor of a run may have (the largest Java array of doubles). */
    public static final long MAX_ELEMENTS = Integer.MAX_VALUE - 8;

    /** Bytes per element a running operation holds beyond the program's state (see the class comment). */
    static final int WORKING_BYTES = 8 + 8 + 4 + 8;

    /** Bytes per element of the program's state (a double per element). */
    static final int STATE_BYTES = 8;

    /** The default budget: half the JVM's maximum heap (the rest for the solver, the compiler's output, garbage). */
    public static long defaultBytes() {
        return Runtime.getRuntime().maxMemory() / 2;
    }

    /**
     * Throws a {@link CodegenException} when a tensor of {@code ops} is too large for an array or
     * the run's estimated peak exceeds {@code budgetBytes}; returns the estimate otherwise.
     */
    public static long check(List<Operation> ops, ProgramProjections pp, long budgetBytes) {
        Map<String, BigInteger> state = new LinkedHashMap<>();
        BigInteger working = BigInteger.ZERO;
        String workingOp = "";
        for (Operation op : ops) {
            Projections p = pp.operations().get(op.label());
            BigInteger opElements = elements(op.lhs().name(), p.lhsAxes(), op.label());
            state.putIfAbsent(op.lhs().name(), opElements);
            for (int j = 0; j < op.rhs().size(); j++) {
                BigInteger n = elements(op.rhs().get(j).name(), p.rhsAxes().get(j), op.label());
                state.putIfAbsent(op.rhs().get(j).name(), n);
                opElements = opElements.add(n);
            }
            BigInteger w = opElements.multiply(BigInteger.valueOf(WORKING_BYTES));
            if (w.compareTo(working) > 0) {
                working = w;
                workingOp = op.label();
            }
        }
        BigInteger held = state.values().stream().reduce(BigInteger.ZERO, BigInteger::add).multiply(BigInteger.valueOf(STATE_BYTES));
        BigInteger peak = held.add(working);
        if (peak.compareTo(BigInteger.valueOf(budgetBytes)) > 0) {
            var largest = state.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
            throw new CodegenException("run needs about " + mib(peak) + " MiB for its tensors (the program's "
                    + state.size() + " tensors: " + mib(held) + " MiB; operation " + workingOp + " while it runs: " + mib(working)
                    + " MiB), above the memory budget of " + mib(BigInteger.valueOf(budgetBytes)) + " MiB (half the JVM's heap);"
                    + " the largest tensor is " + largest.getKey() + " with " + largest.getValue() + " elements"
                    + " (hint: run at smaller sizes, e.g. --bind NAME=SIZE for a dynamic dim, or raise the heap with"
                    + " JAVA_TOOL_OPTIONS=-Xmx...)");
        }
        return peak.longValueExact();
    }

    /** The element count of a tensor with these axes; a {@link CodegenException} above {@link #MAX_ELEMENTS}. */
    private static BigInteger elements(String tensor, List<TensorAxis> axes, String op) {
        BigInteger n = BigInteger.ONE;
        for (TensorAxis a : axes) n = n.multiply(BigInteger.valueOf(a.size()));
        if (n.compareTo(BigInteger.valueOf(MAX_ELEMENTS)) > 0)
            throw new CodegenException("tensor " + tensor + " of operation " + op + " has " + n + " elements (dims "
                    + axes.stream().map(TensorAxis::size).toList() + "), more than a run can hold (at most " + MAX_ELEMENTS
                    + " per tensor; hint: run at smaller sizes, e.g. --bind NAME=SIZE for a dynamic dim)");
        return n;
    }

    private static String mib(BigInteger bytes) {
        return bytes.add(BigInteger.valueOf((1 << 20) - 1)).shiftRight(20).toString();
    }
}
