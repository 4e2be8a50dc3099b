package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What each feature of a selector adds to its estimate on a page of known shape. */
class SelectorCostTest {

    /** 100 elements, 5 deep, 300 ancestor steps, 1,000 sibling steps, 4,000 text steps. */
    private static final PageShape PAGE = new PageShape(100, 5, 300, 1_000, 4_000);

    @Test
    void eachAlternativeTestsEveryElement() {
        assertThat(SelectorCost.estimate("div", PAGE)).isEqualTo(100);
        assertThat(SelectorCost.estimate("div, p,a", PAGE)).isEqualTo(300);
    }

    @Test
    void onlyADescendantCombinatorWalksTheAncestors() {
        assertThat(SelectorCost.estimate("main  div p", PAGE)).isEqualTo(100 + 2 * 300);
        assertThat(SelectorCost.estimate("ul > li + li", PAGE)).isEqualTo(100);
        assertThat(SelectorCost.estimate(" div ", PAGE)).isEqualTo(100);
    }

    @Test
    void siblingCombinatorsAndCountingPseudoClassesWalkTheSiblings() {
        assertThat(SelectorCost.estimate("p ~ div", PAGE)).isEqualTo(100 + 1_000);
        assertThat(SelectorCost.estimate("li:LAST-of-type", PAGE)).isEqualTo(100 + 1_000);
        assertThat(SelectorCost.estimate("li:only-child", PAGE)).isEqualTo(100 + 1_000);
    }

    @Test
    void containsReadsEveryElementsText() {
        assertThat(SelectorCost.estimate("p:contains(x)", PAGE)).isEqualTo(100 + 300 + 4_000 / 4);
        assertThat(SelectorCost.estimate("p:containsOwn(x)", PAGE)).isEqualTo(100);
    }

    @Test
    void whatAHasHoldsCostsTheDepthTimesAsMuch() {
        assertThat(SelectorCost.estimate("div:has(span)", PAGE)).isEqualTo(100 + 20 * 100 + 5 * 100);
        assertThat(SelectorCost.estimate("div:has(> p:last-of-type) b", PAGE))
                .isEqualTo(100 + 300 + 20 * 100 + 5 * (100 + 1_000));
    }

    @Test
    void anEstimateSaturates() {
        PageShape huge = new PageShape(Long.MAX_VALUE / 2, 512, Long.MAX_VALUE / 2, Long.MAX_VALUE / 2, 0);

        assertThat(SelectorCost.estimate("a b c:has(d ~ e)", huge)).isEqualTo(Long.MAX_VALUE);
    }
}
