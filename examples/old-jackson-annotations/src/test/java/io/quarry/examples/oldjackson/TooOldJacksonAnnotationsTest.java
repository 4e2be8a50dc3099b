package io.quarry.examples.oldjackson;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Host;
import io.quarry.search.SearchClient;
import org.junit.jupiter.api.Test;

/** With Spring Boot 3's jackson-annotations, creating a client says what is wrong and how to fix it. */
class TooOldJacksonAnnotationsTest {

    @Test
    void creatingAClientNamesTheArtifactTheVersionFoundAndTheFix() {
        ClientConfig config = ClientConfig.builder("APP", "key")
                .hosts(Host.of("http://127.0.0.1:9"))
                .build();
        assertThatThrownBy(() -> SearchClient.create(config))
                .isInstanceOf(ConfigurationException.class)
                .hasMessageContaining("com.fasterxml.jackson.core:jackson-annotations 2.22 or newer")
                .hasMessageContaining("the class path has 2.19")
                .hasMessageContaining("Fix: declare com.fasterxml.jackson.core:jackson-annotations:2.22");
    }
}
