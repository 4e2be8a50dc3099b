package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientModule;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Host;
import io.quarry.core.internal.base.Versions;
import java.util.List;
import org.junit.jupiter.api.Test;

class UserAgentTest {

    @Test
    void namesSdkJvmModuleAndCallerSegments() {
        ClientModule module = new ClientModule("Search", "1.2.3", DefaultHosts.fixed(Host.of("https://h.example")));
        assertThat(UserAgent.of(module, List.of("my-shop (2.1)", "plugin")))
                .isEqualTo("Quarry for Java (" + Versions.core() + "); JVM (" + System.getProperty("java.version")
                        + "); Search (1.2.3); my-shop (2.1); plugin");
    }

    @Test
    void coreVersionComesFromTheMavenFilteredResource() {
        assertThat(Versions.core()).matches("\\d+\\.\\d+\\.\\d+.*");
        // a module without its own resource or manifest falls back to the core's version
        assertThat(Versions.of(UserAgentTest.class)).isEqualTo(Versions.core());
    }
}
