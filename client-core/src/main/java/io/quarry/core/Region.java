package io.quarry.core;

import io.quarry.core.spi.KnownNames;
import java.util.regex.Pattern;

/**
 * The region where the service stores an application's analytics data. The analytics, personalization and
 * query-suggestions APIs answer on that region's host; each client turns the region into its own host name.
 * {@link #US} and {@link #EU} are the service's regions; {@link #of(String)} takes any other region code, so a
 * region the service adds later can be used before the client names it. {@link #name()} is the region's code,
 * such as {@code us}.
 */
public final class Region extends NamedValue {

    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?");
    private static final KnownNames<Region> KNOWN = new KnownNames<>(Region::new);

    /** The United States. */
    public static final Region US = KNOWN.add("us");
    /** The European Union. */
    public static final Region EU = KNOWN.add("eu");

    private Region(String code) {
        super(code);
        if (!LABEL.matcher(code).matches()) {
            throw new IllegalArgumentException("a region code is a lower-case DNS label: " + code);
        }
    }

    /**
     * A region by its code, known or not.
     *
     * @param code the code, a lower-case DNS label such as {@code eu}
     * @return the region
     * @throws IllegalArgumentException if the code is not a lower-case DNS label
     */
    public static Region of(String code) {
        return KNOWN.of(code);
    }
}
