package io.quarry.mockserver.internal.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.http.Request;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The journal keeps no start of a word its cut falls in: the console masks the application's keys whole, so a key
 * the cut left half of, written plain or escaped, would show its start there.
 */
class BodyCutTest {

    private static final String KEY = "21b132232e99f6d6d76d745cf042f20c";
    private static final String OPENING = "{\"query\":\"";

    private final AnswerJournal journal = new AnswerJournal(Clock.systemUTC());

    @Test
    void aKeyTheCutFallsInIsLeftOutWholeWhateverItsEscapes() {
        String[] forms = {KEY, escaped(KEY, "%%%02X"), escaped(KEY, "\\u%04x"), KEY.substring(0, 9) + "%2d" + KEY};
        for (String form : forms) {
            for (int kept = 1; kept < form.length(); kept++) {
                String before = OPENING + "x".repeat(AnswerJournal.BODY_CHARS - OPENING.length() - kept - 1) + " ";
                String body = before + form + " red\"}";

                String start = recorded(body);

                assertThat(start)
                        .as("%s, %d characters of it before the cut", form, kept)
                        .isEqualTo(before);
            }
        }
    }

    @Test
    void aWordEndingAtTheCutOrLongerThanAKeyIsKeptToTheCut() {
        String ending =
                OPENING + "x".repeat(AnswerJournal.BODY_CHARS - OPENING.length() - KEY.length() - 1) + " " + KEY;
        assertThat(recorded(ending + "\"}")).as("a word ending at the cut").isEqualTo(ending);
        String longWord =
                OPENING + "y".repeat(BodyCut.LONGEST_WORD + 1) + KEY.repeat(AnswerJournal.BODY_CHARS / KEY.length());
        assertThat(recorded(longWord))
                .as("a word longer than a key can be written")
                .hasSize(AnswerJournal.BODY_CHARS);
        String shortBody = OPENING + KEY + "\"}";
        assertThat(recorded(shortBody)).as("a body within the bound").isEqualTo(shortBody);
    }

    /** {@return the start of the request body the journal kept, as text} */
    private String recorded(String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        journal.written(new Request("POST", "/1/indexes/a/query", null, Map.of(), bytes), null, 200, bytes, null, 0, 1);
        JournaledAnswer answer = journal.newestFirst(entry -> true, 1).get(0);
        assertThat(answer.responseStart()).as("the answer's body, cut alike").isEqualTo(answer.requestStart());
        return new String(answer.requestStart(), StandardCharsets.UTF_8);
    }

    /** {@return each character of the text in the format, as {@code %%%02X} makes {@code %41} of {@code A}} */
    private static String escaped(String text, String format) {
        StringBuilder out = new StringBuilder();
        for (char c : text.toCharArray()) {
            out.append(String.format(format, (int) c));
        }
        return out.toString();
    }
}
