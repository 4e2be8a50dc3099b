package io.quarry.querysuggestions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.BadRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.core.Region;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.MockServerClients;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A configuration's {@code languages}: the client sends the codes as given; the service takes those it supports
 * ({@code en}, {@code pt-br}) and refuses any other with a 400 naming the entry, saving nothing. Random codes come
 * from a fixed seed.
 */
class LanguageCodesContractTest {

    private static final long SEED = 639_1L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final QuerySuggestionsClient client =
            QuerySuggestionsClient.create(MockServerClients.config(MOCK.server()), Region.US);

    private static QuerySuggestionsConfig config(String... languages) {
        return QuerySuggestionsConfig.of("suggestions", SourceIndex.of("products"))
                .languages(languages);
    }

    @Test
    void languagesAloneOrWithACountryAreTakenAndReadBack() {
        client.createConfig(config("en", "pt-br", "ja"));

        assertThat(client.getConfig("suggestions").languages()).containsExactly("en", "pt-br", "ja");
    }

    @Test
    void otherFormsAreRefusedByTheServiceNamingTheEntry() {
        for (String code : new String[] {"EN", "eng", "en-US", "pt_br", "e", "", "en-", "x".repeat(5000)}) {
            assertThatThrownBy(() -> client.createConfig(config("fr", code)))
                    .as(code.length() > 10 ? "a long code" : code)
                    .isInstanceOf(BadRequestException.class)
                    .hasMessageContaining("languages[1]")
                    .message()
                    .hasSizeLessThan(600);
            assertThatThrownBy(() -> client.replaceConfig(config(code))).isInstanceOf(BadRequestException.class);
        }
        assertThatThrownBy(() -> client.getConfig("suggestions")).isInstanceOf(NotFoundException.class);
    }

    @Test
    void randomCodesAreTakenOrRefusedByOneSideOrTheOther() {
        Random random = new Random(SEED);
        String alphabet = "abcxyzABZ-_1";
        int created = 0;
        for (int i = 0; i < 30; i++) {
            StringBuilder code = new StringBuilder();
            int length = random.nextBoolean() ? 2 : 5;
            for (int c = 0; c < length; c++) {
                code.append(c == 2 && random.nextInt(4) > 0 ? '-' : alphabet.charAt(random.nextInt(alphabet.length())));
            }
            QuerySuggestionsConfig config = QuerySuggestionsConfig.of("s" + i, SourceIndex.of("products"))
                    .languages(code.toString());

            Throwable failure = catchThrowable(() -> client.createConfig(config));

            if (failure != null) {
                // the service names the code it does not support
                assertThat(failure)
                        .as("seed %d, %s", SEED, code)
                        .isInstanceOf(BadRequestException.class)
                        .hasMessageContaining("languages[0]");
            } else {
                created++;
                client.deleteConfig("s" + i);
            }
        }
        assertThat(created).as("seed %d: some codes known", SEED).isPositive();
    }
}
