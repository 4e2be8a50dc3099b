package io.quarry.mockserver.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A search's synonyms cost time about linear in the query and in the synonyms saved: a large group is not
 * expanded into every pair of its members, and the longest synonym input is not recounted at each query word.
 * A group of 2,000 words took 90 s a search, one of 40,000 two-word phrases 49 s, and 20,000 synonyms against a
 * long query 5 s: {@code SynonymWordReadsTest} counts the synonyms' words read for these shapes, so the timeout
 * here only guards against a hang.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SynonymBoundsTest {

    @Test
    void aSynonymGroupOfThousandsOfWordsMatchesItsMembers() {
        StringJoiner words = new StringJoiner(",");
        for (int i = 0; i < 3_000; i++) {
            words.add("'w" + i + "'");
        }
        Fixture fixture = new Fixture()
                .records("{'objectID':'1','t':'w1'}", "{'objectID':'2','t':'other'}")
                .synonym("{'objectID':'s','type':'synonym','synonyms':[" + words + "]}");

        assertThat(fixture.ids("{'query':'w2999'}")).containsExactly("1");
        assertThat(fixture.ids("{'query':'w2999','synonyms':false}")).isEmpty();
    }

    @Test
    void aLongQueryAgainstManyMultiWordSynonymsIsAnswered() {
        Fixture fixture = new Fixture().records("{'objectID':'1','t':'a b'}", "{'objectID':'2','t':'d7'}");
        for (int i = 0; i < 10_000; i++) {
            fixture.synonym("{'objectID':'s" + i + "','type':'synonym','synonyms':['a b c" + i + "','d" + i + "']}");
        }

        assertThat(fixture.ids("{'query':'" + "a ".repeat(250) + "'}")).containsExactly("1");
        assertThat(fixture.ids("{'query':'a b c7'}")).containsExactly("2");
    }

    @Test
    void aSynonymGroupOfThousandsOfPhrasesMatchesItsMembers() {
        StringJoiner phrases = new StringJoiner(",");
        for (int i = 0; i < 40_000; i++) {
            phrases.add("'a b" + i + "'");
        }
        Fixture fixture = new Fixture()
                .records("{'objectID':'1','t':'a b7'}", "{'objectID':'2','t':'a'}")
                .synonym("{'objectID':'s','type':'synonym','synonyms':[" + phrases + "]}");

        assertThat(fixture.ids("{'query':'a b39999'}")).containsExactly("1");
    }
}
