package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.Access;
import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.Operation;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Route;
import io.quarry.mockserver.internal.http.Work;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.ApiKeys;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.KeyDefinition;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.node.ObjectNode;

/**
 * A forged secured key costs one search of the stored keys, then O(1) while the keys stay the same. 2,000 stored
 * keys: without the cache each call would recompute 2,000 HMACs; the soak profile stores 20,000
 * ({@code -Dquarry.securedkey.storedKeys}).
 */
@Timeout(60)
class SecuredKeyCostTest {

    private final Clock clock = Clock.systemUTC();
    private final Application app = new Application(clock, Duration.ZERO);
    private final ApiKeys keys = app.keys();
    private final Authenticator authenticator =
            new Authenticator("APP", "admin", new ProductCredentials("m", "u", "c", "k"), keys, app.mappings(), clock);
    private final Route search = new Route(
            "POST", "/1/indexes/{indexName}/query", Access.SEARCH, null, Operation.NOT_COUNTED, Work.READ, r -> null);

    private Request request(String key) {
        return new Request(
                        "POST",
                        "/1/indexes/movies/query",
                        null,
                        Map.of("X-Service-Application-Id", "APP", "X-Service-API-Key", key),
                        new byte[0])
                .withPathParams(Map.of("indexName", "movies"));
    }

    private KeyDefinition searchOnly() {
        return KeyDefinition.fromJson((ObjectNode) Json.parse("{\"acl\":[\"search\"]}"), null);
    }

    @Test
    void aRepeatedForgedKeyCostsOneSearchOfTheKeys() {
        int stored = Integer.getInteger("quarry.securedkey.storedKeys", 2_000);
        for (int i = 0; i < stored; i++) {
            keys.put("key-" + i, searchOnly(), null);
        }
        // a first forged key loads what a search of the keys uses, so the next one's bytes are the search's alone
        refused(SecuredKeyFactory.generate("warm-up", Map.of("restrictIndices", "movies")));
        String forged = SecuredKeyFactory.generate("not-a-stored-key", Map.of("restrictIndices", "movies"));
        long oneSearch = allocatedBy(() -> refused(forged));
        long repeats = allocatedBy(() -> {
            for (int i = 0; i < 1000; i++) {
                refused(forged);
            }
        });
        // counted in bytes allocated, not time: a search of the keys recomputes an HMAC per stored key, a cached
        // verdict none, and bytes do not change with the machine's load
        assertThat(repeats / 1000)
                .as("bytes per repeated forged call, against %d for the one search of %d keys", oneSearch, stored)
                .isLessThan(oneSearch / 20);
    }

    private void refused(String key) {
        assertThatThrownBy(() -> authenticator.check(request(key), search)).isInstanceOf(ApiException.class);
    }

    /** Bytes this thread allocated while running the work. */
    private static long allocatedBy(Runnable work) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        work.run();
        return threads.getCurrentThreadAllocatedBytes() - before;
    }

    @Test
    void aKeyAddedLaterMakesItsSecuredKeysValid() {
        String secured = SecuredKeyFactory.generate("late", Map.of("restrictIndices", "movies"));
        assertThatThrownBy(() -> authenticator.check(request(secured), search)).isInstanceOf(ApiException.class);
        keys.put("late", searchOnly(), null);
        assertThat(authenticator.check(request(secured), search).get(Caller.class))
                .isNotNull();
        keys.delete("late");
        assertThatThrownBy(() -> authenticator.check(request(secured), search)).isInstanceOf(ApiException.class);
    }

    @Test
    void aValidUntilThatIsNoPositiveNumberIsExpired() {
        keys.put("parent", searchOnly(), null);
        for (String validUntil : new String[] {"NaN", "-1", "0", "-Infinity"}) {
            String secured = SecuredKeyFactory.generate("parent", Map.of("validUntil", validUntil));
            assertThatThrownBy(() -> authenticator.check(request(secured), search))
                    .as(validUntil)
                    .isInstanceOf(ApiException.class)
                    .hasMessageContaining("expired");
        }
        String later =
                SecuredKeyFactory.generate("parent", Map.of("validUntil", Long.toString(clock.millis() / 1000 + 3600)));
        assertThat(authenticator.check(request(later), search).get(Caller.class))
                .isNotNull();
    }
}
