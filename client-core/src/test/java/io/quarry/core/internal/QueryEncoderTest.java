package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.Test;

class QueryEncoderTest {

    enum Direction {
        asc,
        desc
    }

    @Test
    void encodesValuesWithPercentTwentyForSpaceAndCommaJoinedLists() {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("query", "a b&c=d/é");
        params.put("attributes", List.of("brand", "a,b", "x y"));
        params.put("array", new String[] {"p", "q"});
        params.put("ints", new int[] {1, 2});
        params.put("forward", true);
        params.put("limit", 10);
        params.put("ratio", 0.5d);
        params.put("big", 1e21);
        params.put("direction", Direction.desc);
        params.put("skipped", null);

        assertThat(QueryEncoder.encode(params))
                .isEqualTo("query=a%20b%26c%3Dd%2F%C3%A9&attributes=brand,a%2Cb,x%20y&array=p,q&ints=1,2&forward=true"
                        + "&limit=10&ratio=0.5&big=1000000000000000000000&direction=desc");
    }

    @Test
    void noParametersGiveNoQuery() {
        assertThat(QueryEncoder.encode(Map.of())).isNull();
    }

    @Test
    void refusesANameOrValueWithASurrogateOutOfItsPair() {
        assertThatThrownBy(() -> QueryEncoder.encode(Map.of("query", "caf\ud800")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("query parameter 'query' has an unpaired UTF-16 surrogate at index 3");
        assertThatThrownBy(() -> QueryEncoder.encode(Map.of("attributes", List.of("ok", "\udc00"))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("query parameter 'attributes'");
        assertThatThrownBy(() -> QueryEncoder.encode(Map.of("x\ud800", "v")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("query parameter name");
    }

    @Test
    void anyWellFormedTextComesBackWholeFromTheQuery() {
        for (String value : RandomText.samples(7, 2_000, 0)) {
            String query = QueryEncoder.encode(Map.of("q", value, "list", List.of(value, "b")));

            HttpUrl url = HttpUrl.get("http://host/x?" + query);
            assertThat(url.queryParameter("q")).as(query).isEqualTo(value);
        }
    }
}
