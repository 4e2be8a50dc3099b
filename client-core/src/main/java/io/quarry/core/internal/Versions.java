package io.quarry.core.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Reads the version of a Quarry jar: a Maven-filtered resource first, then the jar manifest. */
public final class Versions {

    /** Resource name, looked up in the package of the anchor class. */
    public static final String RESOURCE = "quarry-version.properties";

    private static final String CORE_VERSION = ownVersion("/io/quarry/core/" + RESOURCE, Versions.class);

    private Versions() {}

    /**
     * The core's own version.
     *
     * @return the version, {@code unknown} if it cannot be read
     */
    public static String core() {
        return CORE_VERSION;
    }

    /**
     * The version of the module holding {@code anchor}: its {@value #RESOURCE} resource, else its manifest's
     * {@code Implementation-Version}, else the core's version (all modules are released together).
     *
     * @param anchor a class of the module
     * @return the version
     */
    public static String of(Class<?> anchor) {
        String fromResource = readResource(anchor, RESOURCE);
        if (fromResource != null) {
            return fromResource;
        }
        String fromManifest =
                anchor.getPackage() == null ? null : anchor.getPackage().getImplementationVersion();
        return fromManifest != null ? fromManifest : CORE_VERSION;
    }

    private static String ownVersion(String absoluteResource, Class<?> anchor) {
        String version = readResource(anchor, absoluteResource);
        if (version == null && anchor.getPackage() != null) {
            version = anchor.getPackage().getImplementationVersion();
        }
        return version == null ? "unknown" : version;
    }

    private static String readResource(Class<?> anchor, String name) {
        try (InputStream in = anchor.getResourceAsStream(name)) {
            if (in == null) {
                return null;
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version");
            return version == null || version.isBlank() || version.startsWith("${") ? null : version.trim();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
