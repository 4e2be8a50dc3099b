package io.quarry.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

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
}
