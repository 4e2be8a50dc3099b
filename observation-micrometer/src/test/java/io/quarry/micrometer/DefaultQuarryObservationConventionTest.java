package io.quarry.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.common.KeyValues;
import io.quarry.core.CallType;
import io.quarry.core.Host;
import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.TryEnd;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/** The key values of the default convention, for every stage of a call. */
class DefaultQuarryObservationConventionTest {

    private static final Host A = Host.of("https://a.test");
    private static final Host B = Host.of("http://b.test:8080");

    private final DefaultQuarryObservationConvention convention = new DefaultQuarryObservationConvention();

    private static QuarryCallContext search(String index) {
        return new QuarryCallContext(new CallDescription(
                "search",
                "search",
                "POST",
                "/1/indexes/{indexName}/query",
                "/1/indexes/" + index + "/query",
                index,
                CallType.READ,
                null,
                0));
    }

    private static TryEnd tryOn(Host host, int number, int status, String requestId) {
        return new TryEnd(
                host,
                number,
                status,
                status < 300 ? null : "ServerErrorException",
                false,
                -1,
                10,
                requestId,
                Duration.ofMillis(3));
    }

    private static Map<String, String> map(KeyValues values) {
        Map<String, String> map = new TreeMap<>();
        values.forEach(kv -> map.put(kv.getKey(), kv.getValue()));
        return map;
    }

    @Test
    void aRunningCallHasItsKindAndItsPath() {
        QuarryCallContext call = search("products");

        assertThat(convention.getContextualName(call)).isEqualTo("search.search");
        assertThat(map(convention.getLowCardinalityKeyValues(call)))
                .isEqualTo(Map.of(
                        "quarry.product", "search",
                        "quarry.operation", "search",
                        "http.request.method", "POST"));
        assertThat(map(convention.getHighCardinalityKeyValues(call)))
                .isEqualTo(Map.of(
                        "url.template", "/1/indexes/{indexName}/query",
                        "url.path", "/1/indexes/products/query",
                        "quarry.index", "products"));
    }

    @Test
    void aCallThatSucceededOnItsSecondTryHasEveryKey() {
        QuarryCallContext call = search("products");
        call.lastTry(tryOn(A, 1, 503, null));
        call.lastTry(tryOn(B, 2, 200, "req-7"));
        call.end(new CallEnd(null, 200, 2));

        assertThat(map(convention.getLowCardinalityKeyValues(call)))
                .isEqualTo(Map.of(
                        "quarry.product", "search",
                        "quarry.operation", "search",
                        "http.request.method", "POST",
                        "quarry.outcome", "SUCCESS",
                        "quarry.status_class", "2xx"));
        assertThat(map(convention.getHighCardinalityKeyValues(call)))
                .isEqualTo(Map.of(
                        "url.template", "/1/indexes/{indexName}/query",
                        "url.path", "/1/indexes/products/query",
                        "quarry.index", "products",
                        "server.address", "b.test",
                        "server.port", "8080",
                        "quarry.request_id", "req-7",
                        "quarry.tries", "2",
                        "http.request.resend_count", "1",
                        "http.response.status_code", "200"));
    }

    @Test
    void aFailedOrCancelledCallHasItsErrorAndStatusClass() {
        QuarryCallContext failed = search("missing");
        failed.lastTry(tryOn(A, 1, 404, null));
        failed.end(new CallEnd(new IllegalStateException("no such index"), 404, 1));
        QuarryCallContext cancelled = search("products");
        cancelled.end(new CallEnd(new CancellationException(), 0, 0));

        assertThat(map(convention.getLowCardinalityKeyValues(failed)))
                .containsEntry("quarry.outcome", "FAILURE")
                .containsEntry("quarry.status_class", "4xx")
                .doesNotContainKey("error.type");
        assertThat(map(convention.getHighCardinalityKeyValues(failed)))
                .containsEntry("http.response.status_code", "404")
                .containsEntry("server.address", "a.test")
                .containsEntry("server.port", "443")
                .doesNotContainKeys("quarry.request_id", "http.request.resend_count");
        assertThat(map(convention.getLowCardinalityKeyValues(cancelled)))
                .containsEntry("quarry.outcome", "CANCELLED")
                .containsEntry("quarry.status_class", "none")
                .doesNotContainKey("error.type");
        assertThat(map(convention.getHighCardinalityKeyValues(cancelled)))
                .containsEntry("quarry.tries", "0")
                .doesNotContainKeys("http.response.status_code", "server.address", "server.port");
    }

    @Test
    void aCompositeCallHasNoMethodPathTriesNorStatus() {
        QuarryCallContext save = new QuarryCallContext(
                new CallDescription("search", "saveObjects", null, null, null, "products", null, null, 0));
        save.end(new CallEnd(null, 0, 0));

        assertThat(map(convention.getLowCardinalityKeyValues(save)))
                .containsEntry("http.request.method", "none")
                .containsEntry("quarry.status_class", "none");
        assertThat(map(convention.getHighCardinalityKeyValues(save))).isEqualTo(Map.of("quarry.index", "products"));
    }

    @Test
    void unusualTriesAndStatusesAreKeptAsTheyAre() {
        QuarryCallContext call = search("products");
        call.lastTry(tryOn(A, 12, 299, null));
        call.end(new CallEnd(null, 299, 12));

        assertThat(map(convention.getHighCardinalityKeyValues(call)))
                .containsEntry("quarry.tries", "12")
                .containsEntry("http.request.resend_count", "11")
                .containsEntry("http.response.status_code", "299");
    }

    @Test
    void anOperationNameSharedByProductsAndMethodsKeepsEachKindApart() {
        convention.getLowCardinalityKeyValues(search("products"));
        QuarryCallContext answers = new QuarryCallContext(new CallDescription(
                "answers",
                "search",
                "POST",
                "/1/answers/{indexName}/prompt",
                "/1/answers/p/prompt",
                "p",
                CallType.READ,
                null,
                0));
        QuarryCallContext composite =
                new QuarryCallContext(new CallDescription("search", "search", null, null, null, null, null, null, 0));

        assertThat(map(convention.getLowCardinalityKeyValues(answers))).containsEntry("quarry.product", "answers");
        assertThat(convention.getContextualName(answers)).isEqualTo("answers.search");
        assertThat(map(convention.getLowCardinalityKeyValues(composite)))
                .containsEntry("quarry.product", "search")
                .containsEntry("http.request.method", "none");
    }

    @Test
    void aKindSeenWithAnotherTemplateStillReportsItsOwn() {
        QuarryCallContext call = new QuarryCallContext(new CallDescription(
                "search",
                "search",
                "POST",
                "/1/indexes/*/queries",
                "/1/indexes/*/queries",
                null,
                CallType.READ,
                null,
                0));

        convention.getHighCardinalityKeyValues(search("products")); // the kind is first seen with another template

        assertThat(map(convention.getHighCardinalityKeyValues(call)))
                .isEqualTo(Map.of("url.template", "/1/indexes/*/queries", "url.path", "/1/indexes/*/queries"));
    }
}
