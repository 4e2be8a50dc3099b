package io.quarry.mockserver.internal.products.monitoring;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** Incidents reported on servers and clusters; those older than 30 days are forgotten, at most 1000 are kept. */
final class Incidents {

    static final Duration KEPT = Duration.ofDays(30);
    static final int MAX_INCIDENTS = 1000;

    record Incident(String server, long timeMillis, String title, String body, String status) {}

    private final Clock clock;
    private final Deque<Incident> incidents = new ArrayDeque<>();

    Incidents(Clock clock) {
        this.clock = clock;
    }

    void add(String server, String title, String body, String status) {
        // the time is read outside the lock: what keeps a reset from coming between the status an incident sets
        // and the incident is the reset gate the control routes pass, not this lock
        Incident incident = new Incident(server, clock.millis(), title, body, status);
        synchronized (this) {
            incidents.addLast(incident);
            while (incidents.size() > MAX_INCIDENTS) {
                incidents.removeFirst();
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

    synchronized void clear() {
        incidents.clear();
    }
}
