package io.quarry.mockserver.internal.products.crawler;

import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Which reindex fills each temporary index now. Crawlers may write one live index, so their reindexes would fill
 * one temporary index; they take turns instead, each reindex claiming all its temporary indices at once before it
 * clears them and releasing them when it ends, so none clears, fills or publishes an index another is filling.
 * Claiming all at once, or none, means two reindexes never wait for each other.
 */
final class TemporaryIndexClaims {

    private final Map<String, CrawlerTask> owners = new HashMap<>();

    /**
     * Waits until no other reindex fills any of the indices, then claims them.
     *
     * @param indices the temporary indices
     * @param reindex the reindex claiming them
     * @throws InterruptedException if interrupted while waiting
     */
    synchronized void claim(Collection<String> indices, CrawlerTask reindex) throws InterruptedException {
        while (indices.stream().anyMatch(index -> owners.getOrDefault(index, reindex) != reindex)) {
            wait();
        }
        indices.forEach(index -> owners.put(index, reindex));
    }

    /**
     * Releases every index the reindex claimed.
     *
     * @param reindex the reindex
     */
    synchronized void release(CrawlerTask reindex) {
        if (owners.values().removeIf(owner -> owner == reindex)) {
            notifyAll();
        }
    }

    /**
     * Runs an action on a temporary index unless a reindex fills it, no reindex claiming it meanwhile: a blocked
     * reindex's index, discarded when its task is cancelled, may be another reindex's by then.
     *
     * @param index the temporary index
     * @param action what to do with it
     */
    synchronized void unlessClaimed(String index, Runnable action) {
        if (!owners.containsKey(index)) {
            action.run();
        }
    }
}
