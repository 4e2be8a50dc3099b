package io.quarry.testcontainers.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The tag of the image the container starts by default: the version this module was built as. */
public final class ImageVersion {

    private ImageVersion() {}

    /** {@return this module's version, written into its resources at build time} */
    public static String current() {
        try (InputStream in = ImageVersion.class.getResourceAsStream("image.properties")) {
            if (in == null) {
                throw new IllegalStateException("image.properties is missing from quarry-testcontainers' jar");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read quarry-testcontainers' version", e);
        }
    }
}
