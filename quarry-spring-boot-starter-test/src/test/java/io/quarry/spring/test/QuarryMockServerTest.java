package io.quarry.spring.test;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.spring.QuarryAutoConfiguration;
import io.quarry.spring.QuarryConnectionDetails;
import io.quarry.spring.QuarryProduct;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * The annotation's connection details win over the application's: its {@code quarry.*} properties and its own
 * connection details bean alike. The example projects run the annotation with a whole application on each Boot line.
 */
@SpringJUnitConfig(QuarryMockServerTest.Application.class)
@TestPropertySource(
        properties = {
            "quarry.application-id=PRODAPP",
            "quarry.api-key=not-a-real-key",
            "quarry.hosts=https://prodapp.example.com"
        })
@QuarryMockServer
class QuarryMockServerTest {

    @Autowired
    MockServer server;

    @Autowired
    SearchClient search;

    @Test
    void theClientsConnectToTheMockServer() {
        assertThat(search.config().hosts()).containsExactly(Host.of(server.url()));
        assertThat(search.config().credentials())
                .isEqualTo(Credentials.apiKey(server.applicationId(), server.adminKey()));
        assertThat(search.listIndices().items()).isEmpty();
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration(QuarryAutoConfiguration.class)
    static class Application {

        @Bean
        QuarryConnectionDetails productionConnection() {
            return new QuarryConnectionDetails() {
                @Override
                public String getApplicationId() {
                    return "PRODAPP";
                }

                @Override
                public String getApiKey(QuarryProduct product) {
                    return "not-a-real-key";
                }

                @Override
                public List<Host> getHosts(QuarryProduct product) {
                    return List.of(Host.of("https://prodapp.example.com"));
                }
            };
        }
    }
}
