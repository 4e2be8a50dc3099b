package io.quarry.spring;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Region;
import java.util.Locale;
import java.util.Optional;

/** Reads {@code quarry.region} for the three clients that call a region's hosts. */
final class Regions {

    private static final String PROPERTY = "quarry.region";

    private Regions() {}

    /**
     * {@return the region to create a client with whose service has hosts in the regions only (personalization,
     * query suggestions)} Where the configuration names hosts (properties, connection details, a test's mock server,
     * a container) they replace the region's, so no region is needed; otherwise {@code quarry.region} must be set, as
     * guessing one would send an application whose data is in another region to hosts that refuse it.
     *
     * @param properties the properties
     * @param config     the client's finished configuration
     * @param product    the client's product, named in the failure
     */
    static Region forRegionalHosts(QuarryProperties properties, ClientConfig config, QuarryProduct product) {
        Optional<Region> set = of(properties);
        if (set.isPresent()) {
            return set.get();
        }
        if (!config.hosts().isEmpty()) {
            // the configuration's hosts replace the region's: the region passed chooses nothing
            return Region.US;
        }
        throw new ClientSetupException(
                ClientSetupException.Problem.MISSING_REGION,
                PROPERTY,
                new ConfigurationException(PROPERTY + " is not set: the " + product.groupName()
                        + " client (module client-"
                        + product.groupName() + ") needs it, as the service has its hosts in each region only (set it"
                        + " to us or eu in the application's properties or as the environment variable "
                        + EnvironmentVariables.of(PROPERTY) + ")"));
    }

    /** {@return the region set, {@code us} and {@code eu} being the service's regions; empty when none is set} */
    static Optional<Region> of(QuarryProperties properties) {
        if (properties.getRegion() == null) {
            return Optional.empty();
        }
        String code = properties.getRegion().trim().toLowerCase(Locale.ROOT);
        if (!code.equals("us") && !code.equals("eu")) {
            throw new ClientSetupException(
                    ClientSetupException.Problem.INVALID_PROPERTY,
                    PROPERTY,
                    new ConfigurationException(PROPERTY + " (environment variable " + EnvironmentVariables.of(PROPERTY)
                            + ") must be us or eu"));
        }
        return Optional.of(Region.of(code));
    }
}
