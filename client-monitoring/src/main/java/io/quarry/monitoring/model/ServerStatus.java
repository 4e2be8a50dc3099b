package io.quarry.monitoring.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;
import java.util.List;

/**
 * The health of a server or cluster. The four known values are constants, ordered from best to worst; a value the
 * service adds later is kept as it was sent ({@link #isKnown()} is then false) instead of failing the call.
 */
public final class ServerStatus extends NamedValue {

    private static final KnownNames<ServerStatus> KNOWN = new KnownNames<>(ServerStatus::new);

    /** Everything works. */
    public static final ServerStatus OPERATIONAL = KNOWN.add("operational");
    /** Slower than usual. */
    public static final ServerStatus DEGRADED_PERFORMANCE = KNOWN.add("degraded_performance");
    /** Part of the service is unavailable. */
    public static final ServerStatus PARTIAL_OUTAGE = KNOWN.add("partial_outage");
    /** The service is unavailable. */
    public static final ServerStatus MAJOR_OUTAGE = KNOWN.add("major_outage");

    private static final List<ServerStatus> BEST_FIRST = KNOWN.values();

    private ServerStatus(String name) {
        super(name);
    }

    /**
     * The status of a name: one of the constants, or an unknown value kept as sent.
     *
     * @param name the name the service uses, such as {@code operational}
     * @return the status
     */
    @JsonCreator
    public static ServerStatus of(String name) {
        return KNOWN.of(name);
    }

    /** {@return every known status, best first} */
    public static List<ServerStatus> known() {
        return BEST_FIRST;
    }

    /** {@return whether this is one of the four known values} */
    public boolean isKnown() {
        return KNOWN.contains(this);
    }

    /** {@return whether this is {@link #OPERATIONAL}} */
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
        int index = BEST_FIRST.indexOf(this);
        return index < 0 ? 2 : index;
    }
}
