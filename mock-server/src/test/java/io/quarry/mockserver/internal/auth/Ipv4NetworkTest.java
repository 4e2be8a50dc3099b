package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** IPv4 networks of {@code restrictSources}. */
class Ipv4NetworkTest {

    @Test
    void containsAddressesOfTheNetwork() {
        Ipv4Network network = Ipv4Network.parse("192.168.1.0/24");
        assertThat(network.contains("192.168.1.0")).isTrue();
        assertThat(network.contains("192.168.1.255")).isTrue();
        assertThat(network.contains("192.168.2.1")).isFalse();
        assertThat(Ipv4Network.parse("10.1.2.3").contains("10.1.2.3"))
                .as("a bare address is a /32")
                .isTrue();
        assertThat(Ipv4Network.parse("10.1.2.3").contains("10.1.2.4")).isFalse();
        assertThat(Ipv4Network.parse("0.0.0.0/0").contains("8.8.8.8")).isTrue();
        assertThat(network.contains("0:0:0:0:0:0:0:1"))
                .as("IPv6 is never inside")
                .isFalse();
    }

    @Test
    void refusesWhatIsNotIpv4Cidr() {
        assertThatThrownBy(() -> Ipv4Network.parse("300.1.1.1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv4Network.parse("1.2.3.4/33")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Ipv4Network.parse("::1/128")).isInstanceOf(IllegalArgumentException.class);
    }

    /** {@code Integer.parseInt} reads Arabic-Indic digits and a sign: such a network was taken as 10.0.0.0/8. */
    @ParameterizedTest
    @ValueSource(
            strings = {
                "١٠.0.0.1/8",
                "10.0.0.1/٨",
                "10.0.0.1/+8",
                "10.0.0.1/-0",
                "10.0.0.1/",
                "10.0.0.1/008",
                "10.0.0.1//8",
                "10.0.0.1 /8",
                "10.0.0",
                "10.0.0.1.",
                "+10.0.0.1",
                "10.0.0.1/8/8",
                ""
            })
    void refusesMalformedNetworks(String cidr) {
        assertThatThrownBy(() -> Ipv4Network.parse(cidr)).isInstanceOf(IllegalArgumentException.class);
    }
}
