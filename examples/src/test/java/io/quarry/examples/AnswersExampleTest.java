package io.quarry.examples;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.answers.AnswersClient;
import io.quarry.examples.AnswersExample.FoundAnswer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.BatchOptions;
import io.quarry.search.SearchClient;
import io.quarry.search.SearchIndex;
import io.quarry.testsupport.MockServerClientsExtension;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The answers example finds the passage answering a question, best article first. */
@ExtendWith({MockServerExtension.class, MockServerClientsExtension.class})
class AnswersExampleTest {

    @Test
    void answersAQuestionWithThePassageThatAnswers(SearchClient search, AnswersClient answers) {
        SearchIndex help = search.index("help");
        help.saveObjects(
                List.of(
                        article(
                                "battery",
                                "Battery life",
                                "The phone ships with a charger. The battery lasts two days."),
                        article("screen", "Screen", "The screen is six inches wide. It resists scratches."),
                        article("charger", "Charger", "A fast charger fills the battery in one hour.")),
                BatchOptions.of().waitingForTasks());

        List<FoundAnswer> found = AnswersExample.ask(answers, "help", "does the battery last");

        assertThat(found).extracting(FoundAnswer::title).containsExactly("Battery life", "Charger");
        assertThat(found.get(0).passage()).isEqualTo("The <em>battery</em> <em>lasts</em> two days.");
    }

    private static Map<String, Object> article(String objectID, String title, String body) {
        return Map.of("objectID", objectID, "title", title, "body", body);
    }
}
