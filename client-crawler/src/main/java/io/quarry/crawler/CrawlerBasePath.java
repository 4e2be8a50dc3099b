package io.quarry.crawler;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Host;
import java.util.List;

/**
 * The crawler API lives under {@code /api/1} on its host. A configuration naming a bare host (say a test server's
 * URL) gets that base path added; a host with another base path is refused with a message saying what is expected,
 * since every call would otherwise end in a 404 that names no cause.
 */
final class CrawlerBasePath {

    /** The crawler API's version prefix, which every crawler host's base path ends with. */
    static final String BASE_PATH = "/api/1";

    private CrawlerBasePath() {}

    /**
     * The configuration with every custom host carrying the crawler base path; unchanged when it names no hosts
     * (the default crawler host has it) or when every host already ends in it.
     *
     * @throws ConfigurationException if a host has a base path that does not end in {@code /api/1}
     */
    static ClientConfig applyTo(ClientConfig config) {
        List<Host> hosts = config.hosts();
        List<Host> fixed = hosts.stream().map(CrawlerBasePath::onHost).toList();
        return fixed.equals(hosts) ? config : config.toBuilder().hosts(fixed).build();
    }

    private static Host onHost(Host host) {
        if (host.basePath().isEmpty()) {
            return host.withBasePath(BASE_PATH);
        }
        if (host.basePath().endsWith(BASE_PATH)) {
            return host;
        }
        throw new ConfigurationException("the crawler API is served under the base path " + BASE_PATH
                + ", but host " + host + " has the base path " + host.basePath()
                + ": give the crawler host's URL ending in " + BASE_PATH + ", or the bare host (" + BASE_PATH
                + " is then added)");
    }
}
