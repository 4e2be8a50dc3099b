package io.quarry.spring;

import io.quarry.core.ConfigurationException;
import io.quarry.core.Region;
import java.util.Locale;
import java.util.Optional;

/** Reads {@code quarry.region} for the three clients that call a region's hosts. */
final class Regions {

    private Regions() {}

    /** {@return the region set, {@code us} and {@code eu} being the service's regions; empty when none is set} */
    static Optional<Region> of(QuarryProperties properties) {
        if (properties.getRegion() == null) {
            return Optional.empty();
        }
        String code = properties.getRegion().trim().toLowerCase(Locale.ROOT);
        if (!code.equals("us") && !code.equals("eu")) {
            throw new ClientSetupException(
                    ClientSetupException.Problem.INVALID_PROPERTY,
                    "quarry.region",
                    new ConfigurationException("quarry.region (environment variable QUARRY_REGION) must be us or eu"));
        }
        return Optional.of(Region.of(code));
    }
}
