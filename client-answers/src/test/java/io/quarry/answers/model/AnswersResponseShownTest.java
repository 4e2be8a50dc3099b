package io.quarry.answers.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.TypeRef;
import io.quarry.core.internal.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An answer shows its question and counts, as a search response does, for a log line. */
class AnswersResponseShownTest {

    @Test
    void showsTheQuestionAndTheCounts() {
        AnswersResponse<Map<String, Object>> response = Json.read(
                """
                {"hits":[{"objectID":"a1","title":"Battery","_answer":{"extract":"10 h","score":0.9}}],
                 "nbHits":1,"query":"battery life","processingTimeMS":3}""", TypeRef.parameterized(AnswersResponse.class, Map.class).type());

        assertThat(response).hasToString("AnswersResponse{query=battery life, nbHits=1, hits=1, processingTimeMS=3}");
    }
}
