package io.quarry.mockserver.internal.state.tracking;

import io.quarry.mockserver.internal.state.TrackedEvent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Each user's events as personalization reads them: events alike (same index, type, name and records or filters)
 * are grouped, each group keeping the timestamps of its {@value #MAX_TIMESTAMPS} newest events. That is all a
 * profile needs: an event adds at least 1 to the values it names and a value's score stops at 20, so more events
 * of a group would change nothing, and the newest timestamps are the ones a deletion leaves standing.
 *
 * <p>Bounds: {@value #MAX_GROUPS_PER_USER} groups per user (the least recently added to goes first),
 * {@value #MAX_USERS} users and {@value #MAX_GROUPS} groups in all, and an estimate of their bytes within a sixteenth
 * of the heap, 4 MB to 64 MB (the least recently active user goes first; the only one left loses its least recent
 * groups). The bytes, as the records and filters an event names are the caller's to choose: 100,000 groups naming
 * long objectIDs outgrew any heap. Not thread-safe: the tracking's lock guards it.
 */
public final class UserEvents {

    /** The timestamps a group keeps. */
    public static final int MAX_TIMESTAMPS = 20;
    /** The most groups of one user. */
    public static final int MAX_GROUPS_PER_USER = 100;
    /** The most users. */
    public static final int MAX_USERS = 10_000;
    /** The most groups of all users. */
    public static final int MAX_GROUPS = 100_000;

    /**
     * What events alike share.
     *
     * @param index the index
     * @param eventType the event type
     * @param eventName the event name
     * @param objectIDs the records named (empty when filters are)
     * @param filters the {@code attribute:value} filters named (empty when records are)
     */
    public record Key(String index, String eventType, String eventName, List<String> objectIDs, List<String> filters) {}

    /**
     * A group of a user's events.
     *
     * @param key what they share
     * @param timestamps the newest timestamps, epoch milliseconds, oldest first
     */
    public record Group(Key key, long[] timestamps) {}

    /** Per user, in access order (least recently active first); per group likewise. */
    private final LinkedHashMap<String, LinkedHashMap<Key, long[]>> users = new LinkedHashMap<>(16, 0.75f, true);

    /** An estimate of the heap one group holds besides its strings' characters: entries, key, lists, timestamps. */
    static final long GROUP_BYTES = 480;

    private final long maxBytes;
    private int groups;
    private long bytes;

    /** Events sized to this JVM's heap. */
    public UserEvents() {
        this(Runtime.getRuntime().maxMemory());
    }

    /** @param heapBytes the heap the groups are sized to: they keep a sixteenth of it, 4 MB to 64 MB */
    public UserEvents(long heapBytes) {
        this.maxBytes = Math.max(4L << 20, Math.min(64L << 20, heapBytes / 16));
    }

    /** @param event an accepted event */
    public void add(TrackedEvent event) {
        LinkedHashMap<Key, long[]> ofUser = users.get(event.userToken());
        if (ofUser == null) {
            ofUser = new LinkedHashMap<>(4, 0.75f, true);
            users.put(event.userToken().intern(), ofUser);
        }
        Key key = new Key(
                event.index().intern(),
                event.eventType().intern(),
                event.eventName().intern(),
                interned(event.objectIDs()),
                interned(event.filters()));
        long[] timestamps = ofUser.get(key);
        if (timestamps == null) {
            ofUser.put(key, new long[] {event.timestamp()});
            groups++;
            bytes += bytesOf(key);
            if (ofUser.size() > MAX_GROUPS_PER_USER) {
                dropLeastRecentGroup(ofUser);
            }
        } else {
            ofUser.put(key, withTimestamp(timestamps, event.timestamp()));
        }
        Iterator<LinkedHashMap<Key, long[]>> leastActive = users.values().iterator();
        while (users.size() > 1 && (users.size() > MAX_USERS || groups > MAX_GROUPS || bytes > maxBytes)) {
            forgotten(leastActive.next());
            leastActive.remove();
        }
        while (ofUser.size() > 1 && bytes > maxBytes) {
            dropLeastRecentGroup(ofUser);
        }
    }

    private void dropLeastRecentGroup(LinkedHashMap<Key, long[]> ofUser) {
        Iterator<Key> leastRecent = ofUser.keySet().iterator();
        bytes -= bytesOf(leastRecent.next());
        leastRecent.remove();
        groups--;
    }

    /** Takes a user's groups out of the counts. */
    private void forgotten(LinkedHashMap<Key, long[]> ofUser) {
        groups -= ofUser.size();
        ofUser.keySet().forEach(key -> bytes -= bytesOf(key));
    }

    /** {@return an estimate of the heap a group holds, counting its strings as its own though interned ones are shared} */
    private static long bytesOf(Key key) {
        long chars = key.index().length()
                + key.eventType().length()
                + key.eventName().length();
        for (String objectID : key.objectIDs()) {
            chars += objectID.length();
        }
        for (String filter : key.filters()) {
            chars += filter.length();
        }
        return GROUP_BYTES + 2 * chars;
    }

    /** {@return the estimated bytes of the groups kept} */
    long bytes() {
        return bytes;
    }

    /** {@return the bytes the groups may hold} */
    long maxBytes() {
        return maxBytes;
    }

    /**
     * {@return the user's groups of events (copies)}
     *
     * @param userToken a user
     */
    public List<Group> of(String userToken) {
        LinkedHashMap<Key, long[]> ofUser = users.get(userToken);
        List<Group> result = new ArrayList<>();
        if (ofUser != null) {
            for (Map.Entry<Key, long[]> group : ofUser.entrySet()) {
                result.add(new Group(group.getKey(), group.getValue().clone()));
            }
        }
        return result;
    }

    /**
     * Forgets every event of a user received so far.
     *
     * @param userToken a user
     */
    public void forget(String userToken) {
        LinkedHashMap<Key, long[]> ofUser = users.remove(userToken);
        if (ofUser != null) {
            forgotten(ofUser);
        }
    }

    /** Forgets every event. */
    public void clear() {
        users.clear();
        groups = 0;
        bytes = 0;
    }

    /** {@return the timestamps with one more, the oldest dropped beyond the bound} */
    private static long[] withTimestamp(long[] sorted, long timestamp) {
        if (sorted.length == MAX_TIMESTAMPS) {
            if (timestamp <= sorted[0]) {
                return sorted;
            }
            sorted[0] = timestamp;
            Arrays.sort(sorted);
            return sorted;
        }
        long[] longer = Arrays.copyOf(sorted, sorted.length + 1);
        longer[sorted.length] = timestamp;
        Arrays.sort(longer);
        return longer;
    }

    private static List<String> interned(List<String> texts) {
        if (texts.isEmpty()) {
            return List.of();
        }
        String[] interned = new String[texts.size()];
        for (int i = 0; i < interned.length; i++) {
            interned[i] = texts.get(i).intern();
        }
        return List.of(interned);
    }
}
