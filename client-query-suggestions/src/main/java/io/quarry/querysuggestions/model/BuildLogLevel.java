package io.quarry.querysuggestions.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * The level of a build log line: {@link #INFO}, {@link #SKIP} or {@link #ERROR}; a level the service adds later
 * is kept under its own name ({@link #isKnown()} tells).
 *
 * @param name the level as the service spells it
 */
public record BuildLogLevel(String name) {

    /** A step of the build. */
    public static final BuildLogLevel INFO = new BuildLogLevel("INFO");
    /** A candidate suggestion left out, with the reason. */
    public static final BuildLogLevel SKIP = new BuildLogLevel("SKIP");
    /** A problem of the build. */
    public static final BuildLogLevel ERROR = new BuildLogLevel("ERROR");

    /**
     * Validates the name.
     *
     * @param name the level's name
     */
    public BuildLogLevel {
        Objects.requireNonNull(name, "name");
    }

    /**
     * The level of a name, upper-cased.
     *
     * @param name the name, such as {@code INFO}
     * @return the level
     */
    @JsonCreator
    public static BuildLogLevel of(String name) {
        String upper = Objects.requireNonNull(name, "name").toUpperCase(Locale.ROOT);
        return switch (upper) {
            case "INFO" -> INFO;
            case "SKIP" -> SKIP;
            case "ERROR" -> ERROR;
            default -> new BuildLogLevel(upper);
        };
    }

    /**
     * The name the service uses.
     *
     * @return the name
     */
    @JsonValue
    @Override
    public String name() {
        return name;
    }

    /**
     * Whether this is one of the levels named here.
     *
     * @return true for INFO, SKIP and ERROR
     */
    public boolean isKnown() {
        return equals(INFO) || equals(SKIP) || equals(ERROR);
    }

    @Override
    public String toString() {
        return name;
    }
}
