package org.shapeforge.onnx.values;

/**
 * Where a lowering computes a node ({@link LoweringCall#placement}), set by {@link GraphRun}:
 * <ul>
 *   <li>{@link #KERNEL}: as loop-IR kernels, compiled and run — everywhere a run may be recorded
 *       and replayed ({@link GraphRun#execute}, and so {@code values.plan}'s recording run), so a
 *       recorded model's kernels are those it had;</li>
 *   <li>{@link #HOST}: data-dependent selections (TopK, GatherND, Gather on data indices) in Java
 *       with the right algorithm, only where nothing is recorded or replayed after them — the
 *       interpreted remainder of a segmented plan ({@link GraphRun#resume}), whose results are Java
 *       data there anyway. Other ops lower as for {@link #KERNEL}.</li>
 * </ul>
 * Both give the same numbers for finite inputs ({@link HostSelection}), bit for bit, which the
 * segmented plan's check of its first run relies on.
 */
public enum Placement {
    KERNEL,
    HOST
}
