package io.quarry.analytics.model;

/** The direction of an order: {@link #DESC} (the default) or {@link #ASC}. */
public enum OrderDirection {
    /** Smallest first. */
    ASC("asc"),
    /** Largest first. */
    DESC("desc");

    private final String wireName;

    OrderDirection(String wireName) {
        this.wireName = wireName;
    }

    /** {@return the name the service uses, {@code asc} or {@code desc}} */
    public String wireName() {
        return wireName;
    }

    /** {@return the name the service uses, as {@link #wireName()}} */
    @Override
    public String toString() {
        return wireName;
    }
}
