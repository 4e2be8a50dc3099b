package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.Host;
import io.quarry.mockserver.junit.MockServerExtension;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import okhttp3.Dns;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A host named the way Docker Compose and Kubernetes name services ({@code quarry_mock}, with an underscore) is called:
 * the name resolves here to the loopback address, as a Compose network's DNS resolves the service's name.
 */
class ServiceNamedHostContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @Test
    void aHostNamedLikeAComposeServiceIsCalled() {
        int port = URI.create(MOCK.server().url()).getPort();
        OkHttpClient http = new OkHttpClient.Builder()
                .dns(name -> name.equals("quarry_mock")
                        ? List.of(InetAddress.getLoopbackAddress())
                        : Dns.SYSTEM.lookup(name))
                .build();
        ClientConfig config = ClientConfig.builder(
                        MOCK.server().applicationId(), MOCK.server().adminKey())
                .hosts(Host.of("http://quarry_mock:" + port))
                .allowInsecureHttp()
                .httpClient(http)
                .build();

        try (SearchClient client = SearchClient.create(config)) {
            SearchIndex index = client.index("compose");
            index.waitForTask(index.saveObject("1", Map.of("a", 1)).taskID(), FAST);

            assertThat(index.getObject("1", FreeFormRecord.class).getLong("a")).contains(1L);
        } finally {
            http.dispatcher().executorService().shutdown();
            http.connectionPool().evictAll();
        }
    }
}
