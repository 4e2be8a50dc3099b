package io.quarry.core.internal;

import java.util.Map;
import java.util.WeakHashMap;
import okhttp3.Connection;

/**
 * When each HTTP/1 connection of one client last took a request, so that {@link IdleCloseCheck} reads only the
 * connections idle long enough for a server to have closed them. A loop of writes then pays no check at all, and a
 * write after a pause pays at most the check's millisecond against at least {@link #CHECKED_AFTER} of idleness.
 *
 * <p>The time taken is when the previous request started, not when its answer ended: the idleness it gives is never
 * less than the server's own, which starts once the server has written its answer, so a connection the server closed
 * at its keep-alive timeout is always checked. A request on the same pooled connection made by other code sharing the
 * caller's OkHttp client is not seen here; the idleness is then overstated, and the connection checked once more.
 * Connections are held weakly: one evicted from the pool leaves no entry behind.
 */
final class ConnectionUses {

    /**
     * The idleness from which a connection is checked before a write not safe to repeat. Servers keep idle
     * connections for seconds (5 s to 75 s for the common web servers and load balancers); one that closes them
     * sooner than this is not covered, and such a write on one of its connections may still end with its outcome
     * unknown.
     */
    static final long CHECKED_AFTER = 100_000_000L;

    private final Map<Connection, long[]> lastRequest = new WeakHashMap<>();

    /**
     * Records a request starting on the connection now.
     *
     * @param connection the connection the request goes on
     * @param now        {@link System#nanoTime()} now
     * @return the nanoseconds since the connection's previous request started here, or {@link Long#MAX_VALUE} when
     *     this client never sent one on it
     */
    synchronized long sincePreviousRequest(Connection connection, long now) {
        long[] started = lastRequest.get(connection);
        if (started == null) {
            lastRequest.put(connection, new long[] {now});
            return Long.MAX_VALUE;
        }
        long since = now - started[0];
        started[0] = now;
        return since;
    }
}
