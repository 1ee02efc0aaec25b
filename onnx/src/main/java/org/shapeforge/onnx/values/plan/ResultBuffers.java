package org.shapeforge.onnx.values.plan;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The result buffers of a plan's steps, reused by liveness: a step's result buffer returns to a
 * free list after the last step that reads it ({@link #after}), and a later step takes the
 * smallest free buffer that holds its result ({@link #take}) before the buffers its own operands
 * leave are returned, so a kernel never writes a buffer it reads. The results that are graph
 * outputs are never returned. Kernels write every cell of their result (the interpreter starts a
 * result as NaN), so a reused buffer's old contents do not matter.
 */
final class ResultBuffers {
    private final Arena arena;
    private final List<Step> steps;
    private final int[] lastRead;
    private final TreeMap<Long, Deque<MemorySegment>> free = new TreeMap<>();
    private final Map<Integer, MemorySegment> held = new HashMap<>();

    /** Buffers for {@code steps}, of which those in {@code outputs} hold graph outputs. */
    ResultBuffers(List<Step> steps, Set<Integer> outputs, Arena arena) {
        this.arena = arena;
        this.steps = steps;
        this.lastRead = new int[steps.size()];
        for (int s = 0; s < steps.size(); s++) {
            lastRead[s] = s;
            for (Step.Operand o : steps.get(s).operands())
                if (o.source() instanceof Source.Result(int r)) lastRead[r] = s;
        }
        for (int s : outputs) lastRead[s] = Integer.MAX_VALUE;
    }

    /** The buffer of step {@code s}'s result: a free one that holds it, else a new one. */
    MemorySegment take(int s) {
        long bytes = 4 * Math.max(1, steps.get(s).result().size());
        Map.Entry<Long, Deque<MemorySegment>> e = free.ceilingEntry(bytes);
        MemorySegment b;
        if (e == null) b = arena.allocate(ValueLayout.JAVA_FLOAT, bytes / 4);
        else {
            b = e.getValue().pop();
            if (e.getValue().isEmpty()) free.remove(e.getKey());
        }
        held.put(s, b);
        return b;
    }

    /** Returns the buffers no step after {@code s} reads: its operands' and its own result's. */
    void after(int s) {
        Set<Integer> done = new LinkedHashSet<>();
        for (Step.Operand o : steps.get(s).operands())
            if (o.source() instanceof Source.Result(int r) && lastRead[r] == s) done.add(r);
        if (lastRead[s] == s) done.add(s);
        for (int r : done) {
            MemorySegment b = held.remove(r);
            free.computeIfAbsent(b.byteSize(), n -> new ArrayDeque<>()).push(b);
        }
    }
}
