package io.quarry.mockserver.engine.internal.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.engine.EngineException;
import org.junit.jupiter.api.Test;

/** A search's parameter string decodes as strictly as a URL's query string: a search reads the same either way. */
class RequestParamsDecodeTest {

    @Test
    void decodesEscapesPlusSignsAndTextAlreadyDecoded() {
        var params = RequestParams.decode("query=caf%C3%A9+au+lait&hitsPerPage=5&filters=%F0%9F%98%80\ud83d\ude00");

        assertThat(params.get("query").asString()).isEqualTo("caf\u00e9 au lait");
        assertThat(params.get("hitsPerPage").asString()).isEqualTo("5");
        assertThat(params.get("filters").asString()).isEqualTo("\ud83d\ude00\ud83d\ude00");
    }

    @Test
    void refusesEscapesThatAreNotUtf8RatherThanSearchingForAReplacementCharacter() {
        for (String params : new String[] {"query=%FF", "query=%ED%A0%80", "query=%E2%82", "query=%G0", "q\ud800=x"}) {
            assertThatThrownBy(() -> RequestParams.decode(params))
                    .as(params)
                    .isInstanceOf(EngineException.class)
                    .hasMessageContaining("Invalid URL encoding in params")
                    .extracting(e -> ((EngineException) e).status())
                    .isEqualTo(400);
        }
    }
}
