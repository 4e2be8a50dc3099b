package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * The health of a server or cluster. The four known values are constants, ordered from best to worst; a value the
 * service adds later is kept as it was sent ({@link #isKnown()} is then false) instead of failing the call.
 */
public final class ServerStatus {

    /** Everything works. */
    public static final ServerStatus OPERATIONAL = new ServerStatus("operational");
    /** Slower than usual. */
    public static final ServerStatus DEGRADED_PERFORMANCE = new ServerStatus("degraded_performance");
    /** Part of the service is unavailable. */
    public static final ServerStatus PARTIAL_OUTAGE = new ServerStatus("partial_outage");
    /** The service is unavailable. */
    public static final ServerStatus MAJOR_OUTAGE = new ServerStatus("major_outage");

    private static final List<ServerStatus> KNOWN =
            List.of(OPERATIONAL, DEGRADED_PERFORMANCE, PARTIAL_OUTAGE, MAJOR_OUTAGE);

    private final String name;

    private ServerStatus(String name) {
        this.name = name;
    }

    /**
     * The status of a name: one of the constants, or an unknown value kept as sent.
     *
     * @param name the name the service uses, such as {@code operational}
     * @return the status
     */
    @JsonCreator
    public static ServerStatus of(String name) {
        Objects.requireNonNull(name, "name");
        for (ServerStatus status : KNOWN) {
            if (status.name.equals(name)) {
                return status;
            }
        }
        return new ServerStatus(name);
    }

    /** @return every known status, best first */
    public static List<ServerStatus> known() {
        return KNOWN;
    }

    /** @return the name the service uses */
    @JsonValue
    public String name() {
        return name;
    }

    /** @return whether this is one of the four known values */
    public boolean isKnown() {
        return KNOWN.contains(this);
    }

    /** @return whether this is {@link #OPERATIONAL} */
    public boolean isOperational() {
        return this.equals(OPERATIONAL);
    }

    /**
     * How bad the status is: 0 for operational up to 3 for a major outage; an unknown value ranks as a partial
     * outage, as it cannot be assumed healthy.
     *
     * @return the severity
     */
    public int severity() {
        int index = KNOWN.indexOf(this);
        return index < 0 ? 2 : index;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ServerStatus status && status.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    @Override
    public String toString() {
        return name;
    }
}
