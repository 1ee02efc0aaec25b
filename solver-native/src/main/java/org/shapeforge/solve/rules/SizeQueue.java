package org.shapeforge.solve.rules;

import java.util.PriorityQueue;

/**
 * The size propagators woken since they last ran, lowest arrival first (the order in which a scan
 * over all items would reach them, so results do not depend on wake-up order). Each item is in the
 * queue at most once.
 */
final class SizeQueue {
    private final PriorityQueue<SizeItem> woken = new PriorityQueue<>((a, b) -> Integer.compare(a.id, b.id));

    void schedule(SizeItem it) {
        if (it.queued) return;
        it.queued = true;
        woken.add(it);
    }

    /** The next live woken item, or null. */
    SizeItem poll() {
        SizeItem it;
        while ((it = woken.poll()) != null) {
            it.queued = false;
            if (it.alive) return it;
        }
        return null;
    }
}
