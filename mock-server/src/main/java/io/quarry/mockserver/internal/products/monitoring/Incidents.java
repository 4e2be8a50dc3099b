package io.quarry.mockserver.internal.products.monitoring;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Incidents reported on servers and clusters; those older than 30 days are forgotten, at most 1000 are kept, and
 * at most {@value #MAX_BYTES} bytes of them (an estimate), the oldest dropped first: each text may be 10,000
 * characters, so a thousand took up to 40 MB.
 */
final class Incidents {

    static final Duration KEPT = Duration.ofDays(30);
    static final int MAX_INCIDENTS = 1000;
    /** The most bytes of incidents kept, whatever their count. */
    static final long MAX_BYTES = 4L << 20;

    record Incident(String server, long timeMillis, String title, String body, String status) {}

    private final Clock clock;
    private final Deque<Incident> incidents = new ArrayDeque<>();
    private long bytes;

    Incidents(Clock clock) {
        this.clock = clock;
    }

    void add(String server, String title, String body, String status) {
        // the time is read outside the lock: what keeps a reset from coming between the status an incident sets
        // and the incident is the reset gate the control routes pass, not this lock
        Incident incident = new Incident(server, clock.millis(), title, body, status);
        synchronized (this) {
            incidents.addLast(incident);
            bytes += bytesOf(incident);
            while (incidents.size() > 1 && (incidents.size() > MAX_INCIDENTS || bytes > MAX_BYTES)) {
                bytes -= bytesOf(incidents.removeFirst());
            }
        }
    }

    /** {@return the incidents of the last 30 days filed under one of the names, oldest first} */
    synchronized List<Incident> of(List<String> names) {
        long since = clock.millis() - KEPT.toMillis();
        List<Incident> result = new ArrayList<>();
        for (Incident incident : incidents) {
            if (incident.timeMillis() >= since && names.contains(incident.server())) {
                result.add(incident);
            }
        }
        return result;
    }

    /** {@return the estimated bytes of the incidents kept} */
    synchronized long bytes() {
        return bytes;
    }

    /** {@return an estimate of the heap an incident holds: its record, and its strings at two bytes a character} */
    private static long bytesOf(Incident incident) {
        return 120
                + 2L
                        * (incident.server().length()
                                + incident.title().length()
                                + incident.body().length()
                                + incident.status().length());
    }

    synchronized void clear() {
        incidents.clear();
        bytes = 0;
    }
}
