package io.quarry.crawler.model;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A listing query is a value: two built alike are equal, and it shows what it asks for. */
class CrawlerListQueryTest {

    @Test
    void queriesBuiltAlikeAreEqual() {
        CrawlerListQuery one = CrawlerListQuery.of().itemsPerPage(50).page(2).name("site");
        CrawlerListQuery two = CrawlerListQuery.of().itemsPerPage(50).page(2).name("site");

        assertThat(one).isEqualTo(two).hasSameHashCodeAs(two);
        assertThat(one)
                .isNotEqualTo(two.appId("APP"))
                .isNotEqualTo(two.name(null))
                .isNotEqualTo(two.page(3));
        assertThat(one.name(null))
                .isEqualTo(CrawlerListQuery.of().itemsPerPage(50).page(2));
    }

    @Test
    void showsThePageAndTheFiltersSet() {
        assertThat(CrawlerListQuery.of().name("site"))
                .hasToString("CrawlerListQuery{itemsPerPage=20, page=1, name=site}");
    }
}
