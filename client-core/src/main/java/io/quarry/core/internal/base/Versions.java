package io.quarry.core.internal.base;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Reads the version of a Quarry jar: its manifest's {@code Implementation-Version} when the manifest is a Quarry
 * module's own, else a Maven-filtered resource, else whatever manifest the class came with.
 *
 * <p>The manifest comes first because it is free: the JVM read it when it loaded the class. A resource costs a
 * look-up that opens the jar if nothing was read from it yet (with class-data sharing, classes load without
 * opening their jar), and a resource that is absent (the client modules ship none) opens every jar of the class
 * path. In a jar that merges others (shaded), the manifest is the merged jar's, whose title is not a Quarry
 * module's, so the resource is read there as before.
 */
public final class Versions {

    /** Resource name, looked up in the package of the anchor class. */
    public static final String RESOURCE = "quarry-version.properties";

    /** How every Quarry module's {@code Implementation-Title} (its Maven name) starts. */
    static final String TITLE_PREFIX = "Quarry ";

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
     * The version of the module holding {@code anchor}: its Quarry manifest's {@code Implementation-Version}, else
     * its {@value #RESOURCE} resource, else its manifest's {@code Implementation-Version} whatever the manifest,
     * else the core's version (all modules are released together).
     *
     * @param anchor a class of the module
     * @return the version
     */
    public static String of(Class<?> anchor) {
        String fromQuarryManifest = quarryManifestVersion(anchor);
        if (fromQuarryManifest != null) {
            return fromQuarryManifest;
        }
        String fromResource = readResource(anchor, RESOURCE);
        if (fromResource != null) {
            return fromResource;
        }
        String fromManifest =
                anchor.getPackage() == null ? null : anchor.getPackage().getImplementationVersion();
        return fromManifest != null ? fromManifest : CORE_VERSION;
    }

    /**
     * {@return the {@code Implementation-Version} of its package when the manifest it came with is a Quarry
     *     module's ({@code Implementation-Title} starting with {@value #TITLE_PREFIX}), else null}
     *
     * @param anchor a class
     */
    static String quarryManifestVersion(Class<?> anchor) {
        Package pkg = anchor.getPackage();
        if (pkg == null) {
            return null;
        }
        String title = pkg.getImplementationTitle();
        String version = pkg.getImplementationVersion();
        return title != null && title.startsWith(TITLE_PREFIX) && version != null && !version.isBlank()
                ? version.trim()
                : null;
    }

    private static String ownVersion(String absoluteResource, Class<?> anchor) {
        String version = quarryManifestVersion(anchor);
        if (version == null) {
            version = readResource(anchor, absoluteResource);
        }
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
