package io.quarry.core.internal.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A module's version comes from its own manifest when that is a Quarry module's, else from its resource. */
class VersionsTest {

    private static final String ANCHOR = "io/quarry/core/internal/base/VersionsAnchor.class";

    @TempDir
    Path dir;

    @Test
    void aQuarryManifestGivesTheVersionWithoutReadingTheResource() throws Exception {
        Path jar = jar("quarry.jar", "Quarry search client", "7.7.7", "1.0.0-from-resource");
        assertThat(versionOfAnchorIn(jar)).isEqualTo("7.7.7");
    }

    @Test
    void aMergedJarsManifestIsNotTrustedAndTheResourceIsRead() throws Exception {
        Path jar = jar("shaded.jar", "My batch job", "3.1.4", "2.0.0-from-resource");
        assertThat(versionOfAnchorIn(jar)).isEqualTo("2.0.0-from-resource");
    }

    @Test
    void withoutAResourceAnyManifestVersionIsUsed() throws Exception {
        Path jar = jar("other.jar", "My batch job", "3.1.4", null);
        assertThat(versionOfAnchorIn(jar)).isEqualTo("3.1.4");
    }

    private String versionOfAnchorIn(Path jar) throws Exception {
        try (URLClassLoader loader =
                new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
            Class<?> anchor = Class.forName("io.quarry.core.internal.base.VersionsAnchor", false, loader);
            assertThat(anchor.getClassLoader()).isSameAs(loader);
            return Versions.of(anchor);
        }
    }

    private Path jar(String name, String title, String version, String resourceVersion) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_TITLE, title);
        manifest.getMainAttributes().put(Attributes.Name.IMPLEMENTATION_VERSION, version);
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest);
                InputStream anchor = VersionsTest.class.getClassLoader().getResourceAsStream(ANCHOR)) {
            out.putNextEntry(new JarEntry(ANCHOR));
            anchor.transferTo(out);
            if (resourceVersion != null) {
                out.putNextEntry(new JarEntry("io/quarry/core/internal/base/" + Versions.RESOURCE));
                out.write(("version=" + resourceVersion + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        return jar;
    }
}
