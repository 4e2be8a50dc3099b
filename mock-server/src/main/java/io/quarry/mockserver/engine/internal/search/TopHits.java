package io.quarry.mockserver.engine.internal.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The first hits of an order without sorting them all: a page needs the best few of thousands of matches. The
 * hit order is total (insertion order breaks every tie), so the selection equals the head of the full sort.
 */
final class TopHits {

    private TopHits() {}

    /**
     * {@return the best {@code count} hits (all of them when fewer), best first}
     *
     * @param hits the hits, in any order (not modified)
     * @param order a total order, best first
     * @param count how many of the best to return
     */
    static List<Hit> best(List<Hit> hits, Comparator<Hit> order, int count) {
        if (count <= 0) {
            return new ArrayList<>();
        }
        if ((long) count * 4 >= hits.size()) {
            List<Hit> sorted = new ArrayList<>(hits);
            sorted.sort(order);
            return sorted.subList(0, Math.min(count, sorted.size()));
        }
        // A heap of the best so far, worst on top: most hits lose to the top with one comparison.
        Comparator<Hit> worstFirst = order.reversed();
        PriorityQueue<Hit> heap = new PriorityQueue<>(count + 1, worstFirst);
        for (Hit hit : hits) {
            if (heap.size() < count) {
                heap.add(hit);
            } else if (order.compare(hit, heap.peek()) < 0) {
                heap.poll();
                heap.add(hit);
            }
        }
        List<Hit> best = new ArrayList<>(heap);
        best.sort(order);
        return best;
    }
}
