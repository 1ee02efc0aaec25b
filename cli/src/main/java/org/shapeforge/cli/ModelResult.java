package org.shapeforge.cli;

import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One model's row of {@code bench models}: its name and folder, its node count and
 * {@link ModelKind}, why it could not be measured (empty when it was), our steady-state runs (one
 * per thread count), each {@link Peer}'s times (every peer present: a peer not run is
 * {@link PeerTime.Skipped} with why) and the cold CLI run.
 */
record ModelResult(String model, Path dir, int nodes, ModelKind kind, Optional<String> error, List<SteadyRun> runs,
                   Map<Peer, PeerTime> peers, ColdRun cold) {
    ModelResult {
        runs = List.copyOf(runs);
        EnumMap<Peer, PeerTime> all = new EnumMap<>(Peer.class);
        for (Peer p : Peer.values()) all.put(p, peers.getOrDefault(p, new PeerTime.Skipped("not run")));
        peers = Collections.unmodifiableMap(all);
    }

    /** Measured, and every thread count's outputs within tolerance of the expected ones. */
    boolean passed() {
        return error.isEmpty() && !runs.isEmpty() && runs.stream().allMatch(SteadyRun::passed);
    }

    /** Our run at {@code threads}, if measured. */
    Optional<SteadyRun> at(int threads) {
        return runs.stream().filter(r -> r.threads() == threads).findFirst();
    }

    /** {@code peer}'s times. */
    PeerTime peer(Peer peer) {
        return peers.get(peer);
    }

    /** {@code peer}'s run at {@code threads}, if measured. */
    Optional<PeerTime.Timing> peerAt(Peer peer, int threads) {
        return peers.get(peer) instanceof PeerTime.Measured m ? Optional.ofNullable(m.perThreads().get(threads)) : Optional.empty();
    }

    /** Our median over {@code peer}'s at {@code threads}: present when both were measured (whether or not the outputs passed). */
    OptionalDouble ratio(Peer peer, int threads) {
        Optional<SteadyRun> ours = at(threads);
        Optional<PeerTime.Timing> theirs = peerAt(peer, threads);
        if (ours.isEmpty() || theirs.isEmpty() || theirs.get().medianMillis() <= 0) return OptionalDouble.empty();
        return OptionalDouble.of(ours.get().millis() / theirs.get().medianMillis());
    }

    /** Our CPU time per run over {@code peer}'s at {@code threads}: present when both sides report one. */
    OptionalDouble cpuRatio(Peer peer, int threads) {
        Optional<SteadyRun> ours = at(threads);
        Optional<PeerTime.Timing> theirs = peerAt(peer, threads);
        if (ours.isEmpty() || theirs.isEmpty() || ours.get().cpuMillis() < 0 || theirs.get().cpuMillis() <= 0) return OptionalDouble.empty();
        return OptionalDouble.of(ours.get().cpuMillis() / theirs.get().cpuMillis());
    }

    /**
     * Our preparation (the kernels compiled, or found in the cache) over {@code peer}'s session
     * creation at {@code threads}: the time to a first answer against the peer's; present when both
     * were measured.
     */
    OptionalDouble prepareRatio(Peer peer, int threads) {
        Optional<SteadyRun> ours = at(threads);
        Optional<PeerTime.Timing> theirs = peerAt(peer, threads);
        if (ours.isEmpty() || theirs.isEmpty() || theirs.get().sessionMillis() <= 0) return OptionalDouble.empty();
        return OptionalDouble.of(ours.get().prepareMillis() / theirs.get().sessionMillis());
    }
}
