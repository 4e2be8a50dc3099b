package io.quarry.core;

import io.quarry.core.internal.base.Versions;
import java.util.Objects;

/**
 * What a client module tells the core about itself: its name and version for the User-Agent, and its
 * default host rule.
 *
 * <p>A module declares one constant and passes it to {@link ApiClient#create(ClientConfig, ClientModule)}:
 * <pre>{@code
 * static final ClientModule MODULE =
 *         ClientModule.of("Search", SearchClient.class, DefaultHosts.searchStyle());
 * }</pre>
 *
 * @param name         the module name shown in the User-Agent, such as {@code Search}
 * @param version      the module version shown in the User-Agent
 * @param defaultHosts the host rule used when the configuration names no hosts
 */
public record ClientModule(String name, String version, DefaultHosts defaultHosts) {

    /**
     * Validates the parts.
     *
     * @param name see the record description
     * @param version see the record description
     * @param defaultHosts see the record description
     * @throws IllegalArgumentException if the name or version is blank or contains {@code ( ) ;}
     */
    public ClientModule {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(defaultHosts, "defaultHosts");
        checkToken(name, "module name");
        checkToken(version, "module version");
    }

    /**
     * A module whose version is read from the jar of {@code anchor}: its manifest's {@code Implementation-Version}
     * when the manifest is a Quarry module's ({@code Implementation-Title} starting with {@code Quarry }), else a
     * {@code quarry-version.properties} resource (key {@code version}) in the anchor's package, else the manifest's
     * {@code Implementation-Version} whatever the manifest, and if none is present the core's own version (all
     * Quarry modules are released together).
     *
     * @param name         module name for the User-Agent
     * @param anchor       a class of the module
     * @param defaultHosts the module's host rule
     * @return the module description
     */
    public static ClientModule of(String name, Class<?> anchor, DefaultHosts defaultHosts) {
        Objects.requireNonNull(name, "name");
        return new ClientModule(name, Versions.of(Objects.requireNonNull(anchor, "anchor")), defaultHosts);
    }

    // by hand: every module checks its name and version when its client class is first used, and a regular
    // expression there showed in a short-lived process's start time
    private static boolean hasAnyOf(String value, String chars) {
        for (int i = 0; i < value.length(); i++) {
            if (chars.indexOf(value.charAt(i)) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static void checkToken(String value, String what) {
        Objects.requireNonNull(value, what);
        if (value.isBlank() || hasAnyOf(value, "();\r\n")) {
            throw new IllegalArgumentException(what + " must be non-blank and free of '(', ')', ';': " + value);
        }
    }
}
