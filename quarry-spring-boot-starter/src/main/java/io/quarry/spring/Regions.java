package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import java.util.Locale;

/** Reads {@code quarry.region} once for the three clients that call a region's hosts. */
final class Regions {

    private Regions() {}

    /** The region code, lower case; {@code us} and {@code eu} are the service's regions. */
    static String code(QuarryProperties properties) {
        String code = properties.getRegion().trim().toLowerCase(Locale.ROOT);
        if (!code.equals("us") && !code.equals("eu")) {
            throw new ConfigurationException("quarry.region (environment variable QUARRY_REGION) must be us or eu");
        }
        return code;
    }
}
