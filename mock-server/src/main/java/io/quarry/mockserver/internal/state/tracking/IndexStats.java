package io.quarry.mockserver.internal.state.tracking;

import java.util.TreeMap;

/** One index's counted searches, by day (UTC epoch day), and the time of its latest search. */
final class IndexStats extends Ledger {

    long lastSearchAt = -1;
    final TreeMap<Long, DayStats> days = new TreeMap<>();

    DayStats day(long epochDay) {
        DayStats day = days.get(epochDay);
        if (day == null) {
            day = new DayStats();
            day.attach(this);
            day.charge(200);
            days.put(epochDay, day);
        }
        return day;
    }

    /** Drops the days before that one. */
    void dropBefore(long epochDay) {
        while (!days.isEmpty() && days.firstKey() < epochDay) {
            days.pollFirstEntry().getValue().release();
        }
    }
}
