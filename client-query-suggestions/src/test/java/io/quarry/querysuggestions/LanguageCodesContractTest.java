package io.quarry.querysuggestions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.BadRequestException;
import io.quarry.core.InvalidRequestException;
import io.quarry.core.NotFoundException;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.querysuggestions.model.QuerySuggestionsConfig;
import io.quarry.querysuggestions.model.SourceIndex;
import io.quarry.testsupport.MockServerClients;
import java.util.Random;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A configuration's {@code languages}: codes of the form {@code en} or {@code pt-br} go to the service, which takes
 * those it knows; any other form is refused before any call, naming the entry. Random codes come from a fixed
 * seed.
 */
class LanguageCodesContractTest {

    private static final long SEED = 639_1L;

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final QuerySuggestionsClient client =
            QuerySuggestionsClient.create(MockServerClients.config(MOCK.server()));

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
    void otherFormsAreRefusedBeforeAnyCall() {
        for (String code : new String[] {"EN", "eng", "en-US", "pt_br", "e", "", "en-", "x".repeat(5000)}) {
            assertThatThrownBy(() -> client.createConfig(config("fr", code)))
                    .as(code.length() > 10 ? "a long code" : code)
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageStartingWith("languages[1] must be a language code")
                    .message()
                    .hasSizeLessThan(300);
            assertThatThrownBy(() -> client.replaceConfig(config(code))).isInstanceOf(InvalidRequestException.class);
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

            boolean ofTheForm = code.toString().matches("[a-z]{2}(-[a-z]{2})?");
            if (!ofTheForm) {
                assertThat(failure).as("seed %d, %s", SEED, code).isInstanceOf(InvalidRequestException.class);
            } else if (failure != null) {
                // the form is right, the code unknown: the service names it
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
