package io.quarry.querysuggestions.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;
import java.util.Locale;
import java.util.Objects;

/**
 * The level of a build log line: {@link #INFO}, {@link #SKIP} or {@link #ERROR}; a level the service adds later
 * is kept under its own name ({@link #isKnown()} tells).
 */
public final class BuildLogLevel extends NamedValue {

    private static final KnownNames<BuildLogLevel> KNOWN = new KnownNames<>(BuildLogLevel::new);

    /** A step of the build. */
    public static final BuildLogLevel INFO = KNOWN.add("INFO");
    /** A candidate suggestion left out, with the reason. */
    public static final BuildLogLevel SKIP = KNOWN.add("SKIP");
    /** A problem of the build. */
    public static final BuildLogLevel ERROR = KNOWN.add("ERROR");

    private BuildLogLevel(String name) {
        super(name);
    }

    /**
     * The level of a name, upper-cased.
     *
     * @param name the name, such as {@code INFO}
     * @return the level
     */
    @JsonCreator
    public static BuildLogLevel of(String name) {
        return KNOWN.of(Objects.requireNonNull(name, "name").toUpperCase(Locale.ROOT));
    }

    /**
     * Whether this is one of the levels named here.
     *
     * @return true for INFO, SKIP and ERROR
     */
    public boolean isKnown() {
        return KNOWN.contains(this);
    }
}
