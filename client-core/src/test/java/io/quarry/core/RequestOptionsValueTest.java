package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Options are a value: built alike they are equal, and nothing the caller keeps can change them afterwards. */
class RequestOptionsValueTest {

    private static RequestOptions.Builder options() {
        return RequestOptions.builder()
                .header("X-Team", "search")
                .queryParameter("getVersion", 2)
                .readTimeout(Duration.ofSeconds(3))
                .retryRounds(RetryRounds.forOutages())
                .keepGeneratedMembers();
    }

    @Test
    void optionsBuiltAlikeAreEqual() {
        RequestOptions one = options().build();
        RequestOptions two = options().build();

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(RequestOptions.builder().build()).isEqualTo(RequestOptions.of());
        assertThat(one.toBuilder().build()).isEqualTo(one);
        assertThat(RequestOptions.of().mergedWith(one)).isEqualTo(one);
    }

    @Test
    void eachSettingTellsOptionsApart() {
        RequestOptions base = options().build();

        assertThat(options().header("X-Team", "ads").build()).isNotEqualTo(base);
        assertThat(options().queryParameter("getVersion", 3).build()).isNotEqualTo(base);
        assertThat(options().readTimeout(Duration.ofSeconds(4)).build()).isNotEqualTo(base);
        assertThat(options().retryRounds(RetryRounds.of()).build()).isNotEqualTo(base);
        assertThat(options().retryNonIdempotentWrites().build()).isNotEqualTo(base);
        assertThat(base.toBuilder().queryParameter("getVersion", null).build()).isNotEqualTo(base);
    }

    @Test
    void generatedMembersAreKeptOnlyWhenAsked() {
        RequestOptions asked = RequestOptions.builder().keepGeneratedMembers().build();

        assertThat(RequestOptions.of().keepsGeneratedMembers()).isFalse();
        assertThat(asked.keepsGeneratedMembers()).isTrue();
        assertThat(asked).isNotEqualTo(RequestOptions.of());
        assertThat(asked.toBuilder().build()).isEqualTo(asked);
        // a view's options keep asking whatever is layered on them, and a layer can ask
        assertThat(asked.mergedWith(
                                RequestOptions.builder().header("X-Team", "ads").build())
                        .keepsGeneratedMembers())
                .isTrue();
        assertThat(RequestOptions.builder()
                        .header("X-Team", "ads")
                        .build()
                        .mergedWith(asked)
                        .keepsGeneratedMembers())
                .isTrue();
        assertThat(asked.toString()).contains("keepGeneratedMembers");
    }

    @Test
    void aCollectionGivenAsAQueryParameterIsCopied() {
        List<String> attributes = new ArrayList<>(List.of("title"));
        RequestOptions.Builder builder = RequestOptions.builder().queryParameter("attributes", attributes);
        RequestOptions options = builder.build();

        attributes.add("price");

        assertThat(options.queryParameters()).containsEntry("attributes", List.of("title"));
        assertThat(builder.build()).isEqualTo(options);
        assertThatThrownBy(() -> ((List<?>) options.queryParameters().get("attributes")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void anArrayGivenAsAQueryParameterIsCopied() {
        String[] attributes = {"title"};
        RequestOptions options = RequestOptions.builder()
                .queryParameter("attributes", attributes)
                .build();

        attributes[0] = "price";

        assertThat(options.queryParameters()).containsEntry("attributes", List.of("title"));
    }
}
