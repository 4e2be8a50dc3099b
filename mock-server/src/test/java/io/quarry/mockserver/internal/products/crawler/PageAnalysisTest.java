package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** What a page's record holds: its text decoded in the page's charset, cut without splitting a character. */
class PageAnalysisTest {

    private static final String URL = "http://127.0.0.1/docs/page";

    private static ObjectNode recordOf(String contentType, byte[] body) {
        PageFetcher.Fetched fetched =
                new PageFetcher.Fetched(200, contentType.split(";")[0], PageFetcher.charsetOf(contentType), body, null);
        try {
            return PageAnalysis.of(URL, fetched).record();
        } catch (PageRefusal refusal) {
            throw new AssertionError(refusal);
        }
    }

    @Test
    void readsThePageInTheCharsetItsContentTypeNames() {
        byte[] latin1 = "<html><title>Café crème</title></html>".getBytes(StandardCharsets.ISO_8859_1);

        assertThat(recordOf("text/html; charset=ISO-8859-1", latin1)
                        .get("title")
                        .asString())
                .isEqualTo("Café crème");
        assertThat(recordOf("text/html; charset=\"iso-8859-1\"", latin1)
                        .get("title")
                        .asString())
                .isEqualTo("Café crème");
    }

    @Test
    void withoutOneInTheContentTypeReadsTheCharsetThePageDeclares() {
        byte[] page = "<html><head><meta charset=\"windows-1252\"><title>“Quoted” café</title></head></html>"
                .getBytes(Charset.forName("windows-1252"));

        assertThat(recordOf("text/html", page).get("title").asString()).isEqualTo("“Quoted” café");
        assertThat(recordOf("text/html; charset=no-such-charset", page)
                        .get("title")
                        .asString())
                .as("a charset the JDK does not know is left to the page")
                .isEqualTo("“Quoted” café");
    }

    @Test
    void aByteOrderMarkWinsOverTheHeaderAndIsNoText() {
        byte[] utf16 = "\uFEFF<html><title>東京 café</title></html>".getBytes(StandardCharsets.UTF_16LE);
        byte[] utf8 = "\uFEFF<html><title>東京 café</title></html>".getBytes(StandardCharsets.UTF_8);

        assertThat(recordOf("text/html; charset=ISO-8859-1", utf16).get("title").asString())
                .isEqualTo("東京 café");
        assertThat(recordOf("text/html", utf8).get("title").asString()).isEqualTo("東京 café");
    }

    @Test
    void readsUtf8WhenNothingIsDeclared() {
        byte[] page = "<html><title>東京 café</title></html>".getBytes(StandardCharsets.UTF_8);

        assertThat(recordOf("text/html", page).get("title").asString()).isEqualTo("東京 café");
    }

    @Test
    void cutsTheContentBeforeACharacterItWouldSplit() {
        String text = "a".repeat(PageAnalysis.MAX_CONTENT - 1) + "\uD83D\uDE00 and more";
        byte[] page = ("<html><body><p>" + text + "</p></body></html>").getBytes(StandardCharsets.UTF_8);

        String content = recordOf("text/html", page).get("content").asString();

        assertThat(content).isEqualTo("a".repeat(PageAnalysis.MAX_CONTENT - 1));
        assertThat(PageAnalysis.bounded("ab\uD83D\uDE00", 4)).isEqualTo("ab\uD83D\uDE00");
        assertThat(PageAnalysis.bounded("ab\uD83D\uDE00", 3)).isEqualTo("ab");
    }
}
