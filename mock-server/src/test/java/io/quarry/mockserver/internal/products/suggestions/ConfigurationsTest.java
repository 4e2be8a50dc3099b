package io.quarry.mockserver.internal.products.suggestions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.json.Json;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The build state of a configuration: running from the moment a build is queued until it ends. */
class ConfigurationsTest {

    private final Configurations configurations = new Configurations();

    private static SuggestionsConfig config(String name) {
        return new SuggestionsConfig(
                name,
                List.of(new SuggestionsConfig.SourceConfig(
                        "products", List.of(), List.of(), 5, 4, List.of(), List.of(), false)),
                List.of(),
                List.of());
    }

    @Test
    void aQueuedOrRunningBuildShowsAsRunningUntilItEnds() {
        Configurations.Entry entry = configurations.create(config("sugg"));
        assertThat(configurations.status("sugg").running()).isFalse();

        CompletableFuture<Void> first = new CompletableFuture<>();
        Future<?> queued = configurations.queueOnce(entry, () -> first);
        assertThat(configurations.queueOnce(entry, CompletableFuture::new)).isSameAs(queued);
        assertThat(configurations.status("sugg").running()).isTrue();

        assertThat(configurations.start(entry)).isEqualTo(config("sugg"));
        assertThat(configurations.status("sugg").running()).isTrue();
        assertThatThrownBy(() -> configurations.lastLog("sugg")).isInstanceOf(ApiException.class);

        configurations.finish(entry, 1_000L, 12L, false, Json.array());
        Configurations.Status status = configurations.status("sugg");
        assertThat(status.running()).isFalse();
        assertThat(status.lastBuiltAt()).isEqualTo(1_000L);
        assertThat(status.lastSuccessfulBuiltAt()).isNull();
        assertThat(configurations.lastLog("sugg")).isEmpty();
    }

    @Test
    void aBuildOfADeletedConfigurationDoesNotStart() {
        Configurations.Entry entry = configurations.create(config("sugg"));
        configurations.queueOnce(entry, CompletableFuture::new);
        configurations.delete("sugg");
        assertThat(configurations.start(entry)).isNull();
    }
}
