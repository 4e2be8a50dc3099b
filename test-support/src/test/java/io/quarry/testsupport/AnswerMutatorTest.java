package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

class AnswerMutatorTest {

    private static final String ANSWER =
            "{\"hits\":[{\"objectID\":\"a\",\"price\":3,\"tags\":[\"x\",\"y\"]}],\"nbHits\":1}";

    @Test
    void aSeedGivesTheSameMutationEveryTime() {
        AnswerMutator mutator = new AnswerMutator(ANSWER);
        for (long seed = 0; seed < 50; seed++) {
            assertThat(mutator.mutate(new Random(seed)))
                    .as("seed %d", seed)
                    .isEqualTo(mutator.mutate(new Random(seed)));
        }
    }

    @Test
    void everyKindOfChangeComesUpAndChangesTheAnswer() {
        AnswerMutator mutator = new AnswerMutator(ANSWER);
        Set<String> kinds = new HashSet<>();
        Random seeds =
                new Random(2026); // as MutatedAnswers draws them: the first draws of seeds 0, 1, 2... differ little
        for (int i = 0; i < 400; i++) {
            long seed = seeds.nextLong();
            AnswerMutation mutation = mutator.mutate(new Random(seed));
            kinds.add(mutation.description().split(" ")[0]);
            assertThat(mutation.body())
                    .as("seed %d: %s", seed, mutation.description())
                    .isNotEqualTo(ANSWER);
        }
        assertThat(kinds)
                .containsExactlyInAnyOrder(
                        "NULL_MEMBER",
                        "NULL_ITEM",
                        "WRONG_TYPE",
                        "HUGE_INTEGER",
                        "FLOAT_FOR_INTEGER",
                        "EMPTY_OBJECT",
                        "DROPPED_MEMBER",
                        "DEEP_NESTING");
    }

    @Test
    void anAnswerOfJsonLinesHasOneLineChangedAndLongArraysCut() {
        AnswerMutator mutator =
                new AnswerMutator("{\"level\":\"INFO\"}\n{\"level\":\"ERROR\",\"n\":[1,2,3,4,5,6,7,8]}\n");

        assertThat(mutator.unchanged()).isEqualTo("{\"level\":\"INFO\"}\n{\"level\":\"ERROR\",\"n\":[1,2,3,4,5,6]}\n");
        AnswerMutation mutation = mutator.mutate(new Random(7));
        assertThat(mutation.description()).startsWith("line ");
        assertThat(mutation.body().lines()).hasSize(2);
    }

    @Test
    void aTypeMutationGivesOneScalarAnotherJsonTypeAndNamesItsPlace() {
        AnswerMutator mutator = new AnswerMutator(ANSWER);
        Random seeds = new Random(2026);
        Set<String> places = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            long seed = seeds.nextLong();
            AnswerMutation mutation = mutator.mutateType(new Random(seed));
            JsonNode before = JSON.readTree(ANSWER).at(pointer(mutation.place()));
            JsonNode after = JSON.readTree(mutation.body()).at(pointer(mutation.place()));

            boolean fractionForInteger = before.isIntegralNumber() && after.isFloatingPointNumber();
            assertThat(fractionForInteger || after.getNodeType() != before.getNodeType())
                    .as("seed %d: %s", seed, mutation)
                    .isTrue();
            assertThat(after.isValueNode()).as("seed %d: %s", seed, mutation).isTrue();
            places.add(mutation.place());
        }
        assertThat(places)
                .containsExactlyInAnyOrder(
                        "$.hits[0].objectID", "$.hits[0].price", "$.hits[0].tags[0]", "$.hits[0].tags[1]", "$.nbHits");
    }

    @Test
    void aTypeMutationOfJsonLinesNamesThePlaceWithinItsLine() {
        AnswerMutator mutator = new AnswerMutator("{\"level\":\"INFO\"}\n{\"level\":\"ERROR\"}\n");

        AnswerMutation mutation = mutator.mutateType(new Random(7));

        assertThat(mutation.place()).isEqualTo("$.level");
        assertThat(mutation.description()).startsWith("line ");
    }

    @Test
    void anAnswerThatIsOneArrayStaysOneArray() {
        AnswerMutator mutator = new AnswerMutator("[{\"indexName\":\"a\"},{\"indexName\":\"b\"}]");

        AnswerMutation mutation = mutator.mutateType(new Random(7));

        assertThat(mutator.unchanged()).isEqualTo("[{\"indexName\":\"a\"},{\"indexName\":\"b\"}]\n");
        assertThat(mutation.place()).matches("\\$\\[[01]]\\.indexName");
        assertThat(JSON.readTree(mutation.body()).isArray()).isTrue();
    }

    @Test
    void aPatternCoversThePlacesUnderIt() {
        List<String> patterns = List.of("$.hits[*]", "$.facets.*.*", "$.exact");

        assertThat(Places.coveredBy("$.hits[3].price", patterns)).isTrue();
        assertThat(Places.coveredBy("$.hits[0]", patterns)).isTrue();
        assertThat(Places.coveredBy("$.facets.brand.acme", patterns)).isTrue();
        assertThat(Places.coveredBy("$.exact", patterns)).isTrue();
        assertThat(Places.coveredBy("$.facets.brand", patterns)).isFalse();
        assertThat(Places.coveredBy("$.exactly", patterns)).isFalse();
        assertThat(Places.coveredBy("$.nbHits", patterns)).isFalse();
        assertThat(Places.pattern("$.hits[12].tags[0]")).isEqualTo("$.hits[*].tags[*]");
    }

    @Test
    void aFailureNamesAPlaceAtItsHolderBesideItOrAtItsEnd() {
        String place = "$.sourceIndices[0].minHit";

        assertThat(Places.names("$.sourceIndices[0].minHit", place)).isTrue();
        assertThat(Places.names("$.sourceIndices[0]", place)).isTrue();
        assertThat(Places.names("$.sourceIndices[0].minHits", place)).isTrue();
        assertThat(Places.names("$.minHit", place)).isTrue();
        assertThat(Places.names("$", place)).isFalse();
        assertThat(Places.names("$.sourceIndices", place)).isFalse();
        assertThat(Places.names("$.sourceIndices[1].minHit", place)).isFalse();
    }

    private static final ObjectMapper JSON = JsonMapper.builder().build();

    /** {@return a JSON pointer for a path as the mutator writes it, {@code $.hits[0].price} as /hits/0/price} */
    private static JsonPointer pointer(String path) {
        return JsonPointer.compile(
                path.substring(1).replace('.', '/').replace("[", "/").replace("]", ""));
    }
}
