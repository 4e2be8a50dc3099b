package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;

/**
 * A heading's text is read only as far as its record keeps it: headings may nest (through a {@code div}), and
 * reading each one's whole text made 100 nested headings above 4 MB of text read 400 million characters.
 */
class HeadingTextTest {

    private static final int KEPT = 1000;

    @Test
    void nestedHeadingsAboveALongTextReadOnlyWhatTheyKeep() {
        Elements headings = Jsoup.parse("<h2>heading <div>".repeat(100) + "x ".repeat(2_000_000))
                .select("h2");
        long[] read = {0};
        for (Element heading : headings) {
            String text = HeadingText.of(heading, KEPT, read);
            assertThat(text).hasSize(KEPT).startsWith("heading ");
            assertThat(text.strip()).endsWith(" x x");
        }

        assertThat(headings).hasSize(100);
        // a little more than what each keeps; their whole texts are 400 million characters
        assertThat(read[0]).isLessThanOrEqualTo(100L * 2 * KEPT);
    }

    @Test
    void aShortHeadingIsReadWhole() {
        long[] read = {0};
        Element heading = Jsoup.parse("<h1>  a   <b>short</b> heading </h1>").selectFirst("h1");

        assertThat(HeadingText.of(heading, KEPT, read)).isEqualTo("a short heading");
        assertThat(read[0]).isEqualTo("a short heading".length());
    }
}
