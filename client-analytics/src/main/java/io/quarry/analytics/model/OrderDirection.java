package io.quarry.analytics.model;

/** The direction of an order: {@link #DESC} (the default) or {@link #ASC}. */
public enum OrderDirection {
    /** Smallest first. */
    ASC,
    /** Largest first. */
    DESC;

    /** {@return the name the service reads, {@code asc} or {@code desc}} */
    @Override
    public String toString() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
