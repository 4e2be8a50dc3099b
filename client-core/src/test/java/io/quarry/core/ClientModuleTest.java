package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.internal.base.Versions;
import io.quarry.core.testing.LoopbackHttp;
import org.junit.jupiter.api.Test;

class ClientModuleTest {

    private static final DefaultHosts HOSTS = DefaultHosts.fixed(Host.of("https://h.example"));

    @Test
    void versionComesFromTheModulesOwnResource() {
        assertThat(ClientModule.of("Insights", LoopbackHttp.class, HOSTS).version())
                .isEqualTo("9.9.9-test");
    }

    @Test
    void versionFallsBackToTheCoreVersion() {
        assertThat(ClientModule.of("Insights", io.quarry.core.internal.Json.class, HOSTS)
                        .version())
                .isEqualTo(Versions.core());
    }

    @Test
    void nameMustNotBreakTheUserAgent() {
        assertThatThrownBy(() -> new ClientModule("Bad; name", "1", HOSTS))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ClientModule("Name", " ", HOSTS)).isInstanceOf(IllegalArgumentException.class);
    }
}
