package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** What {@link KeyScrub} masks in a path and query and in free text, and what it leaves. */
class KeyScrubTest {

    private static final String ADMIN = "admin-key-0123456789";
    private static final String APP_KEY = "21b132232e99f6d6d76d745cf042f20c";
    private final KeyScrub scrub = new KeyScrub(ADMIN, Set.of(APP_KEY)::contains, "[x]");

    @Test
    void masksTheValueOfAParameterWhoseNameLooksLikeAKeysWhateverItHolds() {
        assertThat(scrub.pathAndQuery("/1/indexes?x-service-api-kye=anything&page=2", null, false))
                .isEqualTo("/1/indexes?x-service-api-kye=[x]&page=2");
        assertThat(scrub.pathAndQuery("/1/indexes?apiKey=abc%3D%3D=&page=2", null, false))
                .isEqualTo("/1/indexes?apiKey=[x]=&page=2");
        assertThat(scrub.pathAndQuery("/1/indexes?X-Servise-API-Kei=v", null, false))
                .isEqualTo("/1/indexes?X-Servise-API-Kei=[x]");
        assertThat(scrub.pathAndQuery("/1/indexes?x-service-application-id=APP&query=key", null, false))
                .as("the application ID and a value that is the word key are no key")
                .isEqualTo("/1/indexes?x-service-application-id=APP&query=key");
    }

    @Test
    void masksKeysOfTheApplicationTheAdminKeyAndTheSentKeyEscapedOrNot() {
        String escaped = APP_KEY.replace("2", "%32");
        assertThat(scrub.pathAndQuery(
                        "/1/indexes/" + escaped + "/settings?" + ADMIN + "=1&q=sent-key-9", "sent-key-9", false))
                .isEqualTo("/1/indexes/[x]/settings?[x]=1&q=[x]");
    }

    @Test
    void masksWholeKeysInTextAndAKeysStartAtACut() {
        assertThat(scrub.text("{\"query\":\"" + APP_KEY + "\",\"tags\":\"%22" + APP_KEY + "%22\"}", null, false))
                .isEqualTo("{\"query\":\"[x]\",\"tags\":\"%22[x]%22\"}");
        assertThat(scrub.text("a" + APP_KEY + " " + APP_KEY.substring(0, 10), null, false))
                .as("a word holding a key is no key; nor is a key's start where the text was not cut")
                .isEqualTo("a" + APP_KEY + " " + APP_KEY.substring(0, 10));
        assertThat(scrub.text("agent " + ADMIN.substring(0, 8), null, true)).isEqualTo("agent [x]");
        assertThat(scrub.text("secret wrong-key-123 there", "wrong-key-123", false))
                .isEqualTo("secret [x] there");
    }

    @Test
    void masksAKeyInABodyWhateverTheEscapesARequestWrapsItIn() {
        String[] forms = {
            percent(APP_KEY, "%%%02X"),
            percent(APP_KEY, "%%%02x"),
            APP_KEY.substring(0, 10) + percent(APP_KEY.substring(10, 20), "%%%02x") + APP_KEY.substring(20),
            percent(APP_KEY, "\\u%04x"),
            percent(APP_KEY, "\\u%04X").replace("\\u0032", "2"),
            // a URL escape whose characters JSON escaped in turn: %32 written \u0025\u0033\u0032
            percent(percent(APP_KEY, "%%%02X"), "\\u%04x"),
        };
        for (String form : forms) {
            assertThat(scrub.text("{\"params\":\"query=" + form + "&hitsPerPage=2\",\"tags\":[\"t\"]}", null, false))
                    .as(form)
                    .isEqualTo("{\"params\":\"query=[x]&hitsPerPage=2\",\"tags\":[\"t\"]}");
            assertThat(scrub.text("query=%22" + form + "%22&x=1", null, false))
                    .as(form)
                    .isEqualTo("query=%22[x]%22&x=1");
        }
        assertThat(scrub.text("{\"query\":\"ab" + percent(ADMIN, "%%%02X") + "cd\"}", null, false))
                .as("the admin key anywhere, escaped")
                .isEqualTo("{\"query\":\"ab[x]cd\"}");
        assertThat(scrub.text("q=" + percent("sent-key-9", "\\u%04x") + "z", "sent-key-9", false))
                .as("the sent key anywhere, escaped")
                .isEqualTo("q=[x]z");
        assertThat(scrub.text("line\\n" + APP_KEY + " %41BC %2 " + APP_KEY, null, false))
                .as("a key after a JSON escape; escapes that hold no key stay as they are")
                .isEqualTo("line\\n[x] %41BC %2 [x]");
        assertThat(scrub.text("100%" + APP_KEY, null, false))
                .as("a percent sign that escapes nothing")
                .isEqualTo("100%[x]");
    }

    @Test
    void masksAnEscapedKeysStartAtACutEvenInsideAnEscape() {
        for (int length = 1; length < ADMIN.length(); length++) {
            String escaped = percent(ADMIN.substring(0, length), "%%%02X");
            for (String cut : new String[] {escaped, escaped + "%", escaped + "%" + "6"}) {
                assertThat(scrub.text("agent " + cut, null, true)).as(cut).isEqualTo("agent [x]");
            }
        }
        assertThat(scrub.text("agent \\u0061\\u0064\\u006", null, true)).isEqualTo("agent [x]");
    }

    @Test
    void masksAPathOrQueryPartHoldingAnEscapedKey() {
        assertThat(scrub.pathAndQuery("/1/indexes/i?analyticsTags=%5B%22" + APP_KEY + "%22%5D&page=2", null, false))
                .isEqualTo("/1/indexes/i?analyticsTags=[x]&page=2");
        assertThat(scrub.pathAndQuery(
                        "/1/indexes/i?filters=" + percent(percent(ADMIN, "\\u%04x"), "%%%02X") + "&page=2",
                        null,
                        false))
                .isEqualTo("/1/indexes/i?filters=[x]&page=2");
    }

    @Test
    void readsATextAFewTimesWhateverItHoldsAndWhateverTheKeys() {
        LongAdder work = new LongAdder();
        // a key that matches the text's start at every position is the worst case of a naive search
        String admin = "a".repeat(2_000) + "b";
        KeyScrub counted = new KeyScrub(admin, Set.of(APP_KEY)::contains, "[x]", work::add);
        for (int size : new int[] {20_000, 200_000}) {
            String text =
                    ("a".repeat(3) + "%61\\u0061%5Cu0061" + "x-" + APP_KEY.substring(0, 8) + " ").repeat(size / 40)
                            + "a".repeat(size / 2);
            String sent = "a".repeat(5_000) + "c";
            work.reset();
            counted.text(text, sent, true);
            counted.pathAndQuery("/1/indexes?q=" + text, sent, true);
            // a part at a time: a long sent key is read once for the whole path, not once a part
            counted.pathAndQuery("/1/indexes?" + "a=1&".repeat(size / 4), sent, true);
            assertThat(work.sum())
                    .as(
                            "characters read for %d characters and keys of %d",
                            text.length(), admin.length() + sent.length())
                    .isLessThanOrEqualTo(60L * (3 * text.length() + admin.length() + sent.length()));
        }
    }

    /** {@return each character of the text written in that format, with its code: {@code %%%02X} for {@code %41}} */
    private static String percent(String text, String format) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format(format, b));
        }
        return out.toString();
    }
}
