package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DefaultHostsTest {

    private static List<Host> searchHosts(String appId, long seed) {
        return DefaultHosts.searchStyle().hosts(Optional.of(appId), ServiceDomains.of(), new Random(seed));
    }

    @Test
    void searchRuleGivesReadWriteAndThreeFallbackHosts() {
        List<Host> hosts = searchHosts("MyApp", 1);
        assertThat(hosts.get(0)).isEqualTo(Host.of("https://myapp-dsn.quarry.net", CallType.READ));
        assertThat(hosts.get(1)).isEqualTo(Host.of("https://myapp.quarry.net", CallType.WRITE));
        assertThat(hosts.subList(2, 5))
                .containsExactlyInAnyOrder(
                        Host.of("https://myapp-1.quarrynet.com"),
                        Host.of("https://myapp-2.quarrynet.com"),
                        Host.of("https://myapp-3.quarrynet.com"));
    }

    @Test
    void fallbacksAreShuffledWithTheInjectedRandom() {
        assertThat(searchHosts("app", 7)).isEqualTo(searchHosts("app", 7));
        List<List<Host>> orders = new java.util.ArrayList<>();
        for (long seed = 0; seed < 20; seed++) {
            orders.add(searchHosts("app", seed).subList(2, 5));
        }
        assertThat(orders.stream().distinct().count()).isGreaterThan(1);
    }

    @Test
    void domainsAreOverridableInOnePlace() {
        ServiceDomains domains = new ServiceDomains("primary.test", "fallback.test", "product.test");
        List<Host> hosts = DefaultHosts.searchStyle().hosts(Optional.of("app"), domains, new Random(1));
        assertThat(hosts)
                .extracting(Host::hostname)
                .contains("app-dsn.primary.test", "app.primary.test")
                .anyMatch(name -> name.endsWith(".fallback.test"));
        assertThat(DefaultHosts.productHost("crawler", "/api/1").hosts(Optional.empty(), domains, new Random()))
                .containsExactly(Host.of("https://crawler.product.test/api/1"));
    }

    @Test
    void searchRuleNeedsAnApplicationId() {
        assertThatThrownBy(() -> DefaultHosts.searchStyle().hosts(Optional.empty(), ServiceDomains.of(), new Random()))
                .isInstanceOf(ConfigurationException.class);
    }

    @Test
    void anApplicationIdThatWouldMoveTheHostPartOfTheUrlIsRefusedWithoutRepeatingIt() {
        // "evil.example/" made https://evil.example/-dsn.quarry.net: the API key went to evil.example
        for (String appId : List.of(
                "evil.example/",
                "evil.example#",
                "evil.example?",
                "u@evil.example",
                "app:8443",
                "my app",
                "evil.example\\",
                "%41pp")) {
            assertThatThrownBy(() -> searchHosts(appId, 1))
                    .as(appId)
                    .isInstanceOf(ConfigurationException.class)
                    .hasMessageStartingWith("the application ID cannot be part of the default host names")
                    .hasMessageNotContaining("evil")
                    .hasMessageNotContaining("app:");
        }
        assertThat(searchHosts("My_App-2.eu", 1).get(0).hostname()).isEqualTo("my_app-2.eu-dsn.quarry.net");
    }
}
