package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random {@code {statistic}} lists, at application and index level: names of both levels, of one only, groupings,
 * repeats, unknown, empty and space-padded names. A list is answered when every name is offered at that level as
 * written, with series of the names asked only; otherwise it is a 422 naming the first name refused.
 */
class UsageStatisticListsHttpTest {

    private static final long SEED = 0x57A7_1571L;

    private static final Set<String> BOTH = Set.of("total_operations", "total_read_operations", "records");
    private static final Set<String> APPLICATION_ONLY = Set.of("max_qps", "total_search_requests");
    private static final Set<String> INDEX_ONLY = Set.of("queries_operations", "add_record_operations");
    private static final Set<String> REFUSED = Set.of("bogus", "", " total_operations", "records ", "MAX_QPS", "%");
    private static final List<String> GROUPINGS = List.of("*", "search_operations");

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private TestClient admin;
    private TestClient usage;

    @BeforeEach
    void clients(MockServer server) {
        admin = new TestClient(server);
        usage = new TestClient(server, server.applicationId(), server.usageKey());
    }

    @Test
    void aListIsAnsweredOnlyWhenEveryNameIsOfferedAsWritten() {
        admin.put("/1/indexes/items/1", "{\"name\":\"shoe\"}").requireOk();
        admin.post("/1/indexes/items/query", "{\"query\":\"shoe\"}").requireOk();
        Instant now = Instant.now();
        String range = "?startDate=" + now.minus(Duration.ofHours(2)) + "&endDate=" + now.plus(Duration.ofHours(2))
                + "&granularity=hourly";
        List<String> pool = new ArrayList<>();
        List.of(BOTH, APPLICATION_ONLY, INDEX_ONLY, REFUSED).forEach(pool::addAll);
        pool.addAll(GROUPINGS);
        Random random = new Random(SEED);

        for (int i = 0; i < 120; i++) {
            boolean perIndex = random.nextBoolean();
            List<String> names = new ArrayList<>();
            for (int n = 1 + random.nextInt(4); n > 0; n--) {
                names.add(pool.get(random.nextInt(pool.size())));
            }
            if (String.join(",", names).isEmpty()) {
                names.add("bogus"); // an empty segment is another path, not a list
            }
            String path = "/1/usage/" + encode(String.join(",", names)) + (perIndex ? "/items" : "") + range;

            Reply reply = usage.get(path);

            String context = "seed " + SEED + ", case " + i + ": " + path + " -> " + reply;
            String refused = firstRefused(names, perIndex);
            if (refused == null) {
                assertThat(reply.status()).as(context).isEqualTo(200);
                for (Iterator<String> answered = reply.body().propertyNames().iterator(); answered.hasNext(); ) {
                    String name = answered.next();
                    assertThat(names.contains(name) || names.stream().anyMatch(GROUPINGS::contains))
                            .as(context + ": " + name)
                            .isTrue();
                }
            } else {
                assertThat(reply.status()).as(context).isEqualTo(422);
                assertThat(reply.body().get("message").asString()).as(context).contains(refused);
            }
        }
    }

    private static String firstRefused(List<String> names, boolean perIndex) {
        for (String name : names) {
            boolean offered = BOTH.contains(name)
                    || GROUPINGS.contains(name)
                    || (perIndex ? INDEX_ONLY : APPLICATION_ONLY).contains(name);
            if (!offered) {
                return name;
            }
        }
        return null;
    }

    private static String encode(String segment) {
        return URLEncoder.encode(segment, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
