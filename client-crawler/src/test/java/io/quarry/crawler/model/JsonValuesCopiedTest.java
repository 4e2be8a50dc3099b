package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON values inside a configuration, an action and a test's result are the value's own, all the way down: a
 * caller changing a nested map or list it passed in or read back changes neither the value nor its equality.
 */
class JsonValuesCopiedTest {

    @Test
    void aConfigurationKeepsItsNestedMembers() {
        List<Object> paths = new ArrayList<>(List.of("/docs/**"));
        Map<String, Object> login = new LinkedHashMap<>(Map.of("paths", paths));
        CrawlerConfiguration config = CrawlerConfiguration.of().member("login", login);
        CrawlerConfiguration fromMap = CrawlerConfiguration.of(new LinkedHashMap<>(Map.of("login", login)));
        CrawlerConfiguration same = CrawlerConfiguration.of().member("login", Map.of("paths", List.of("/docs/**")));
        int hash = config.hashCode();

        paths.add("/blog/**");
        login.put("extra", true);

        assertThat(config).isEqualTo(same).isEqualTo(fromMap);
        assertThat(config.hashCode()).isEqualTo(hash);
        assertThatThrownBy(() -> ((List<?>) ((Map<?, ?>) config.values().get("login")).get("paths")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void anActionKeepsItsNestedMembers() {
        List<Object> patterns = new ArrayList<>(List.of("https://www.example.com/**"));
        CrawlerAction action = CrawlerAction.of(Map.of("pathsToMatch", patterns));

        patterns.clear();

        assertThat(action).isEqualTo(CrawlerAction.of(Map.of("pathsToMatch", List.of("https://www.example.com/**"))));
    }

    @Test
    void aTestResultsMapsAndRecordsKeepWhatTheyHeld() {
        List<Object> tags = new ArrayList<>(List.of("guide"));
        Map<String, Object> page = new LinkedHashMap<>(Map.of("tags", tags));
        Map<String, Object> external = new LinkedHashMap<>(Map.of("prices", new ArrayList<>(List.of(1, 2))));
        UrlTestResult result = new UrlTestResult(
                null, null, null, List.of(new TestedIndexRecords("site", List.of(page), null)), null, external, null);

        tags.add("changed");
        ((List<?>) external.get("prices")).clear();

        assertThat(result.records().get(0).records()).containsExactly(Map.of("tags", List.of("guide")));
        assertThat(result.externalData()).isEqualTo(Map.of("prices", List.of(1, 2)));
        assertThatThrownBy(() ->
                        ((List<?>) result.records().get(0).records().get(0).get("tags")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> ((List<?>) result.externalData().get("prices")).clear())
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
