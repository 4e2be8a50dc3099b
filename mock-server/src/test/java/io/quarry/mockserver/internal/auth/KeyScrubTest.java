package io.quarry.mockserver.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
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
}
