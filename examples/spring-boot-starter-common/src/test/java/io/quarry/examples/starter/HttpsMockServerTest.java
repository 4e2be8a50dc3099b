package io.quarry.examples.starter;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.MockServer;
import io.quarry.search.SearchClient;
import io.quarry.spring.test.QuarryMockServer;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;

/** Over HTTPS, the clients trust the server's throwaway certificate with no code in the test. */
@SpringBootTest(classes = CatalogApplication.class)
@QuarryMockServer(https = true, seed = "classpath:quarry/products.json")
class HttpsMockServerTest {

    @Autowired
    MockServer server;

    @Autowired
    SearchClient search;

    @Autowired
    ProductCatalog catalog;

    @Test
    void theClientsCallTheServerOverHttps() {
        assertThat(server.url()).startsWith("https://");
        assertThat(search.config().hosts())
                .allSatisfy(host -> assertThat(host.scheme()).isEqualTo("https"));
        assertThat(catalog.find("chair")).extracting(Product::objectID).containsExactly("chair-1");
    }
}
