package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;

class HostTest {

    @Test
    void parsesUrls() {
        Host host = Host.of("https://Crawler.Example.net/api/1/", CallType.WRITE);
        assertThat(host.scheme()).isEqualTo("https");
        assertThat(host.hostname()).isEqualTo("crawler.example.net");
        assertThat(host.port()).isEqualTo(443);
        assertThat(host.basePath()).isEqualTo("/api/1");
        assertThat(host.callTypes()).isEqualTo(Set.of(CallType.WRITE));
        assertThat(host.toString()).isEqualTo("https://crawler.example.net/api/1");
        assertThat(Host.of("http://127.0.0.1:8080").callTypes()).containsExactlyInAnyOrder(CallType.values());
        assertThat(Host.of("http://[::1]:8080").hostname()).isEqualTo("::1");
    }

    @Test
    void recognisesLoopbackWithoutDns() {
        assertThat(Host.of("http://localhost").isLoopback()).isTrue();
        assertThat(Host.of("http://127.0.0.1").isLoopback()).isTrue();
        assertThat(Host.of("http://[::1]").isLoopback()).isTrue();
        assertThat(Host.of("http://127.example.com").isLoopback()).isFalse();
        assertThat(Host.of("http://localhost.example.com").isLoopback()).isFalse();
    }

    @Test
    void loopbackAddressesAreFourGroupsOfOneToThreeDigitsStartingWith127() {
        for (String name : new String[] {"127.0.0.1", "127.1.2.3", "127.255.255.254", "127.000.0.9"}) {
            assertThat(new Host("http", name, 80, "", Set.of(CallType.READ)).isLoopback())
                    .as(name)
                    .isTrue();
        }
        for (String name : new String[] {
            "127.0.0",
            "127.0.0.",
            "127.0.0.1.",
            "127.0.0.1.5",
            "127.0.0.1234",
            "127..0.1",
            "127.0.0.1a",
            "1127.0.0.1",
            "128.0.0.1",
            "127"
        }) {
            assertThat(new Host("http", name, 80, "", Set.of(CallType.READ)).isLoopback())
                    .as(name)
                    .isFalse();
        }
    }

    @Test
    void equalWhenEveryPartIsEqual() {
        Host host = Host.of("https://a.example.net/api/1", CallType.READ);
        assertThat(host)
                .isEqualTo(Host.of("https://A.example.net:443/api/1/", CallType.READ))
                .hasSameHashCodeAs(Host.of("https://A.example.net:443/api/1/", CallType.READ));
        assertThat(host)
                .isNotEqualTo(Host.of("http://a.example.net:443/api/1", CallType.READ))
                .isNotEqualTo(Host.of("https://b.example.net/api/1", CallType.READ))
                .isNotEqualTo(Host.of("https://a.example.net:8443/api/1", CallType.READ))
                .isNotEqualTo(Host.of("https://a.example.net/api/2", CallType.READ))
                .isNotEqualTo(Host.of("https://a.example.net/api/1"))
                .isNotEqualTo("https://a.example.net/api/1");
    }

    @Test
    void takesTheHostNamesOkHttpCalls() {
        // Docker Compose and Kubernetes services are often named with '_'; java.net.URI finds no host in those
        assertThat(Host.of("http://quarry_mock:8080").hostname()).isEqualTo("quarry_mock");
        assertThat(Host.of("https://b\u00fccher.example").hostname()).isEqualTo("xn--bcher-kva.example");
        assertThat(Host.of("http://[::1]:8080").hostname()).isEqualTo("::1");
        assertThat(Host.of("http://[::1]:8080").toString()).isEqualTo("http://[::1]:8080");
        assertThat(Host.of("http://h.example").port()).isEqualTo(80);
        assertThat(Host.of("https://h.example/").basePath()).isEmpty();
        assertThat(Host.of("https://h.example/api/1//").basePath()).isEqualTo("/api/1");
    }

    @Test
    void rejectsUnusableUrls() {
        for (String url : new String[] {
            "https://x.example#f",
            "https://x.example?",
            "http://user@x.example",
            "http://u:p@x.example",
            "http://x:0",
            "http://x:65536",
            "https://",
            "/api/1"
        }) {
            assertThatThrownBy(() -> Host.of(url)).as(url).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> Host.of("ftp://x.example")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Host.of("https://x.example/?q=1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Host.of("x.example")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMissingHostNameIsRefusedRatherThanNamedNull() {
        assertThatThrownBy(() -> Host.https(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("hostname");
    }
}
