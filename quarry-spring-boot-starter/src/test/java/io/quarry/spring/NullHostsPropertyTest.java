package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A null host list, as a binder may set for a property set empty, means the default hosts, as an empty list does:
 * before, the connection details failed with the JVM's own NullPointerException when the clients were made.
 */
class NullHostsPropertyTest {

    @Test
    void nullSharedAndOwnHostsMeanTheDefaults() {
        QuarryProperties properties = new QuarryProperties();
        properties.setHosts(null);
        properties.getSearch().setHosts(null);

        assertThat(properties.getHosts()).isEmpty();
        assertThat(properties.getSearch().getHosts()).isEmpty();
        assertThat(new PropertiesQuarryConnectionDetails(properties).getHosts(QuarryProduct.SEARCH))
                .isEmpty();
    }
}
