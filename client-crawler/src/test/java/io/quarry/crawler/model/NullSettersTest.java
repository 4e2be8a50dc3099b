package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What each setter of a crawler's configuration and of a crawler listing does with null, as their Javadoc says. */
class NullSettersTest {

    private static final CrawlerConfiguration FULL = CrawlerConfiguration.of()
            .appId("APP")
            .apiKey("write-key")
            .indexPrefix("docs_")
            .schedule("every 1 day");

    @Test
    void aNullApiKeyIsRefusedRatherThanLeavingTheCrawlersOldKey() {
        // before, apiKey(null) dropped the member: an update meant to rotate the key left the old one in use
        assertThatThrownBy(() -> FULL.apiKey(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("apiKey");
    }

    @Test
    void theKeyCanStillBeLeftOutOfAConfigurationByName() {
        assertThat(FULL.member("apiKey", null).values()).doesNotContainKey("apiKey");
    }

    @Test
    void otherSettersOfOneValueRemoveTheMemberGivenNull() {
        CrawlerConfiguration removed = FULL.appId(null).indexPrefix(null).schedule(null);

        assertThat(removed.values()).containsOnlyKeys("apiKey");
        assertThat(removed.appId()).isEmpty();
        assertThat(removed.indexPrefix()).isEmpty();
        assertThat(removed.schedule()).isEmpty();
    }

    @Test
    void aMemberIsClearedOnTheCrawlerWithNullThroughOf() {
        Map<String, Object> members = new HashMap<>();
        members.put("schedule", null);

        assertThat(CrawlerConfiguration.of(members).values()).containsEntry("schedule", null);
    }

    @Test
    void listSettersRefuseNullNamingTheMember() {
        assertThatThrownBy(() -> FULL.startUrls((String[]) null)).hasMessage("startUrls");
        assertThatThrownBy(() -> FULL.exclusionPatterns("https://x.example/**", null))
                .hasMessage("exclusionPatterns[1]");
    }

    @Test
    void aListingFilterGivenNullListsCrawlersOfAnyNameOrApplication() {
        CrawlerListQuery filtered = CrawlerListQuery.of().name("docs").appId("APP");

        CrawlerListQuery unfiltered = filtered.name(null).appId(null);

        assertThat(filtered.name()).contains("docs");
        assertThat(filtered.appId()).contains("APP");
        assertThat(unfiltered.name()).isEmpty();
        assertThat(unfiltered.appId()).isEmpty();
        assertThat(unfiltered.itemsPerPage()).isEqualTo(CrawlerListQuery.of().itemsPerPage());
    }
}
