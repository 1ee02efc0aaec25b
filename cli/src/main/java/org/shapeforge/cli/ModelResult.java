package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One model's row of {@code bench models} (issue 29): its name and folder, its node count and
 * {@link ModelKind}, why it could not be measured (empty when it was), our steady-state runs (one
 * per thread count), PyTorch's forward times and the cold CLI run.
 */
record ModelResult(String model, Path dir, int nodes, ModelKind kind, Optional<String> error, List<SteadyRun> runs,
                   TorchForwardTime torch, ColdRun cold) {
    ModelResult {
        runs = List.copyOf(runs);
    }

    /** Measured, and every thread count's outputs within tolerance of the expected ones. */
    boolean passed() {
        return error.isEmpty() && !runs.isEmpty() && runs.stream().allMatch(SteadyRun::passed);
    }

    /** Our run at {@code threads}, if measured. */
    Optional<SteadyRun> at(int threads) {
        return runs.stream().filter(r -> r.threads() == threads).findFirst();
    }

    /** Torch's forward at {@code threads}, if measured. */
    Optional<TorchForwardTime.Timing> torchAt(int threads) {
        return torch instanceof TorchForwardTime.Measured m ? Optional.ofNullable(m.perThreads().get(threads)) : Optional.empty();
    }

    /** Our median over torch's at {@code threads}: present when both were measured (whether or not the outputs passed). */
    OptionalDouble ratio(int threads) {
        Optional<SteadyRun> ours = at(threads);
        Optional<TorchForwardTime.Timing> theirs = torchAt(threads);
        if (ours.isEmpty() || theirs.isEmpty() || theirs.get().medianMillis() <= 0) return OptionalDouble.empty();
        return OptionalDouble.of(ours.get().millis() / theirs.get().medianMillis());
    }

    /** Our CPU time per run over torch's at {@code threads}: present when both sides report one. */
    OptionalDouble cpuRatio(int threads) {
        Optional<SteadyRun> ours = at(threads);
        Optional<TorchForwardTime.Timing> theirs = torchAt(threads);
        if (ours.isEmpty() || theirs.isEmpty() || ours.get().cpuMillis() < 0 || theirs.get().cpuMillis() <= 0) return OptionalDouble.empty();
        return OptionalDouble.of(ours.get().cpuMillis() / theirs.get().cpuMillis());
    }
}
