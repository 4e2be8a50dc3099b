package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.IndexedRecord;
import java.util.Arrays;

/**
 * A matching record with its relevance (textual match, geo distance, optional filters score). Caches the sort
 * values read during sorting (one search uses a hit from one thread only).
 */
public final class Hit {

    private static final Object MISSING = new Object();

    private final IndexedRecord record;
    private final int ordinal;
    private final long sequence;
    private final Match match;
    private final int reading;
    private int geoPoint = -1;
    private int geoDistance;
    private int filtersScore;
    private String[] sortPaths;
    private Object[] sortValues;
    private int sortCount;

    /**
     * @param record the record
     * @param match its textual relevance
     * @param reading the index of the query reading it matched (0 is the query as typed)
     */
    public Hit(IndexedRecord record, Match match, int reading) {
        this.record = record;
        this.ordinal = record.ordinal();
        this.sequence = record.sequence();
        this.match = match;
        this.reading = reading;
    }

    /** {@return the record} */
    public IndexedRecord record() {
        return record;
    }

    /** {@return the record's ordinal (kept here so that sorting need not touch the record)} */
    public int ordinal() {
        return ordinal;
    }

    /** {@return the record's insertion sequence} */
    public long sequence() {
        return sequence;
    }

    /** {@return its textual relevance} */
    public Match match() {
        return match;
    }

    /** {@return the index of the query reading it matched} */
    public int reading() {
        return reading;
    }

    /**
     * Records where the hit is relative to the geo search center.
     *
     * @param point the index of the record's nearest {@code _geoloc} point
     * @param distance its distance in meters
     */
    public void locate(int point, int distance) {
        this.geoPoint = point;
        this.geoDistance = distance;
    }

    /** {@return the index of the nearest {@code _geoloc} point, or -1 when not located} */
    public int geoPoint() {
        return geoPoint;
    }

    /** {@return the distance to the geo search center in meters; 0 when not located} */
    public int geoDistance() {
        return geoDistance;
    }

    /**
     * Records the hit's optional filters score.
     *
     * @param score the sum of the scores of the optional filters the record matches
     */
    public void scoreFilters(int score) {
        this.filtersScore = score;
    }

    /** {@return the optional filters score; 0 without optional filters} */
    public int filtersScore() {
        return filtersScore;
    }

    /**
     * {@return the record's sort value there (see {@link AttributeValues#sortValue}), read once}
     *
     * @param path a dotted attribute path
     */
    public Comparable<?> sortValue(String path) {
        for (int i = 0; i < sortCount; i++) {
            if (sortPaths[i].equals(path)) {
                return sortValues[i] == MISSING ? null : (Comparable<?>) sortValues[i];
            }
        }
        if (sortPaths == null) {
            sortPaths = new String[2];
            sortValues = new Object[2];
        } else if (sortCount == sortPaths.length) {
            sortPaths = Arrays.copyOf(sortPaths, sortCount * 2);
            sortValues = Arrays.copyOf(sortValues, sortCount * 2);
        }
        Comparable<?> read = AttributeValues.sortValue(record, path);
        sortPaths[sortCount] = path;
        sortValues[sortCount] = read == null ? MISSING : read;
        sortCount++;
        return read;
    }
}
