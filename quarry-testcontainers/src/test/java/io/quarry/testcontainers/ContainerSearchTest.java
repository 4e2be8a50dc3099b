package io.quarry.testcontainers;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.Host;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A Quarry client against the mock server's image, on three hosts; the profile {@code containers} runs it. */
@Tag("containers")
@Testcontainers(disabledWithoutDocker = true)
class ContainerSearchTest {

    @Container
    static final QuarryMockServerContainer MOCK = new QuarryMockServerContainer()
            .withHosts(3)
            .withSeed(Path.of("src/test/resources/seed"))
            .withAdminKey("container-test-admin-key");

    SearchClient client;

    record Book(String objectID, String title, String author) {}

    @BeforeEach
    void connect() {
        MOCK.reset();
        client = SearchClient.create(MOCK.clientConfig());
    }

    @AfterEach
    void close() {
        client.close();
    }

    @Test
    void theSeedIsSearchable() {
        assertThat(titles("dune")).containsExactly("Dune");
    }

    @Test
    void indexesAndSearches() {
        client.index("books")
                .saveObjects(
                        List.of(new Book("lotr", "The Lord of the Rings", "J. R. R. Tolkien")),
                        BatchOptions.of().waitingForTasks());

        assertThat(titles("lord")).containsExactly("The Lord of the Rings");
    }

    @Test
    void aFaultOnOneHostMovesCallsToTheNext() throws Exception {
        MOCK.hostFaults(0).during(Duration.ofMinutes(1), MockFault.status(503));

        assertThat(titles("emma")).containsExactly("Emma");
        List<Integer> counts = requestCounts();
        assertThat(counts.get(0)).as("the failing host, tried").isPositive();
        assertThat(counts.subList(1, 3)).as("the next host answered").containsExactly(1, 0);

        MOCK.hostFaults(0).clear();
        assertThat(status(MOCK.getHostUrls().get(0) + "/1/indexes")).isEqualTo(200);
    }

    @Test
    void removingOneRuleOfAHostLeavesItsOtherRulesAndTheHostsHold() throws Exception {
        MockHostFaults host = MOCK.hostFaults(1);
        host.hold(Duration.ofMinutes(1));
        host.during(Duration.ofMinutes(1), MockFault.status(503));
        host.next(5, MockFault.status(500));
        List<Long> ids = host.ruleIds();
        assertThat(ids).as("the rules' IDs, oldest first; the hold has none").hasSize(2);
        long during = ids.get(0);
        long next = ids.get(1);
        assertThat(next).isGreaterThan(during);

        assertThat(host.remove(next)).isTrue();
        assertThat(host.remove(next)).as("already removed").isFalse();
        assertThat(host.ruleIds()).containsExactly(during);
        assertThat(MOCK.hostFaults(0).remove(during)).as("another host's rule").isFalse();
        assertThat(host.ruleIds()).containsExactly(during);
        // the hold is no rule: it stays until cleared
        assertThat(faultTypes(1)).contains("hold");

        assertThat(host.remove(during)).isTrue();
        assertThat(host.ruleIds()).isEmpty();
        assertThat(faultTypes(1)).containsExactly("hold");
        host.clear();
        assertThat(status(MOCK.getHostUrls().get(1) + "/1/indexes")).isEqualTo(200);
    }

    @Test
    void aRemovedRuleNoLongerFaultsTheHostsRequests() throws Exception {
        MockHostFaults host = MOCK.hostFaults(2);
        host.during(Duration.ofMinutes(1), MockFault.status(503));
        String url = MOCK.getHostUrls().get(2) + "/1/indexes";
        assertThat(status(url)).isEqualTo(503);

        assertThat(host.remove(host.ruleIds().get(0))).isTrue();

        assertThat(status(url)).isEqualTo(200);
    }

    @Test
    void theClientConfigurationHasEveryHostInOrder() {
        assertThat(MOCK.clientConfig().hosts())
                .containsExactlyElementsOf(
                        MOCK.getHostUrls().stream().map(Host::of).toList());
        assertThat(MOCK.getHostUrls()).hasSize(3).doesNotHaveDuplicates();
    }

    private List<String> titles(String query) {
        return client.index("books").search(SearchQuery.of(query), Book.class).hits().stream()
                .map(Hit::record)
                .map(Book::title)
                .toList();
    }

    /** Each host's requests since the reset, from the server's own count. */
    private static List<Integer> requestCounts() throws Exception {
        JsonNode hosts = JsonMapper.builder()
                .build()
                .readTree(get(MOCK.getUrl() + "/_mock/hosts").body());
        return hosts.get("hosts")
                .valueStream()
                .map(host -> host.get("requestCount").asInt())
                .toList();
    }

    /** The types of a host's active faults, from the server's own list. */
    private static List<String> faultTypes(int host) throws Exception {
        JsonNode hosts = JsonMapper.builder()
                .build()
                .readTree(get(MOCK.getUrl() + "/_mock/hosts").body());
        return hosts.get("hosts")
                .get(host)
                .get("faults")
                .valueStream()
                .map(fault -> fault.has("fault")
                        ? fault.get("fault").get("type").asString()
                        : fault.get("type").asString())
                .toList();
    }

    private static int status(String url) throws Exception {
        return get(url).statusCode();
    }

    private static HttpResponse<String> get(String url) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("X-Service-Application-Id", MOCK.getApplicationId())
                .header("X-Service-API-Key", MOCK.getAdminKey())
                .build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }
}
