package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import io.quarry.core.Region;
import java.util.Locale;

/** Reads {@code quarry.region} once for the three clients that call a region's hosts. */
final class Regions {

    private Regions() {}

    /** The region set, {@code us} and {@code eu} being the service's regions. */
    static Region of(QuarryProperties properties) {
        return Region.of(code(properties));
    }

    private static String code(QuarryProperties properties) {
        String code = properties.getRegion().trim().toLowerCase(Locale.ROOT);
        if (!code.equals("us") && !code.equals("eu")) {
            throw new ConfigurationException("quarry.region (environment variable QUARRY_REGION) must be us or eu");
        }
        return code;
    }
}
