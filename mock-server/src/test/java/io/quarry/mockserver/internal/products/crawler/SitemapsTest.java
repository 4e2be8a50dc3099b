package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Sitemaps are read within the bounds of a page: jsoup's XML parser kept every element of a hostile sitemap (a 5 MB
 * one of nested tags took seconds and a hundred megabytes) and its failure escaped the crawl. Seeded random hostile
 * sitemaps: {@code -Dquarry.sitemaps.seed}, {@code -Dquarry.sitemaps.count} for more.
 */
class SitemapsTest {

    private static final long SEED = Long.getLong("quarry.sitemaps.seed", 20_261_129L);
    private static final int COUNT = Integer.getInteger("quarry.sitemaps.count", 12);
    private static final String URL = "http://127.0.0.1/sitemap.xml";

    private static List<String> read(String xml, int wanted) throws PageRefusal {
        List<String> urls = new ArrayList<>();
        Sitemaps.read(
                URL,
                xml.getBytes(StandardCharsets.UTF_8),
                (kind, url) -> kind != Sitemaps.Kind.PAGE || urls.add(url) && urls.size() < wanted);
        return urls;
    }

    @Test
    void readsTheLocationOfEachUrlAndOfEachListedSitemap() throws PageRefusal {
        String xml = "<?xml version='1.0'?><urlset><url><loc> http://a/1 </loc><lastmod>2026</lastmod></url>"
                + "<sitemap><loc>http://a/index.xml</loc><lastmod>2026</lastmod></sitemap><url><loc>http://a/2</loc>"
                + "</url><other><loc>http://a/neither</loc></other></urlset>";
        List<String> entries = new ArrayList<>();
        Sitemaps.read(URL, xml.getBytes(StandardCharsets.UTF_8), (kind, url) -> entries.add(kind + " " + url));

        assertThat(entries).containsExactly("PAGE http://a/1", "SITEMAP http://a/index.xml", "PAGE http://a/2");
        assertThat(read(xml, 1)).containsExactly("http://a/1");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: the refusal's reason shows the bound held
    void aSitemapOfMillionsOfNestedTagsIsRefusedPastTheElementBound() {
        String xml = "<urlset>" + "<a>".repeat(1_700_000);
        assertThatThrownBy(() -> read(xml, 10_000))
                .isInstanceOfSatisfying(
                        PageRefusal.class,
                        refusal -> assertThat(refusal.reason()).isEqualTo("sitemap_too_many_elements"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard: the size is the check
    void aSitemapOfManyUrlsIsReadUpToTheUrlsWanted() throws PageRefusal {
        String xml = "<urlset>" + "<url><loc>http://a/x</loc></url>".repeat(150_000) + "</urlset>";
        assertThat(read(xml, 10_000)).hasSize(10_000);
    }

    @Test
    void entitiesADocumentTypeDefinesAreNotExpanded() throws PageRefusal {
        StringBuilder laughs = new StringBuilder("<?xml version='1.0'?><!DOCTYPE lolz [<!ENTITY lol0 'lol'>");
        for (int i = 1; i < 10; i++) {
            laughs.append("<!ENTITY lol")
                    .append(i)
                    .append(" '")
                    .append(("&lol" + (i - 1) + ";").repeat(10))
                    .append("'>");
        }
        laughs.append("]><urlset><url><loc>http://a/&lol9;</loc></url></urlset>");
        assertThat(read(laughs.toString(), 10)).singleElement().asString().hasSizeLessThan(20);
    }

    @Test
    void startTagsAreCountedOnlyWhereTheyOpenAnElement() {
        String xml = "<?xml?><!-- c --><a><b/></a><c>1 < 2</c>";
        assertThat(Sitemaps.prefixWithStartTags(xml, 4)).isEqualTo(xml.length());
        assertThat(Sitemaps.prefixWithStartTags(xml, 3)).isEqualTo(xml.indexOf("< 2"));
        assertThat(Sitemaps.prefixWithStartTags("", 0)).isZero();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS) // a hang guard
    void everyHostileSitemapGivesUrlsOrARefusalWithItsReason() {
        Random random = new Random(SEED);
        for (int i = 0; i < COUNT; i++) {
            List<String> parts = new ArrayList<>();
            String xml = hostile(random, parts);
            String what = "seed " + SEED + ", sitemap " + i + " " + parts;
            try {
                List<String> urls = read(xml, CrawlerConfig.MAX_PAGES);
                assertThat(urls).as(what).hasSizeLessThanOrEqualTo(CrawlerConfig.MAX_PAGES);
            } catch (PageRefusal refusal) {
                assertThat(refusal.reason()).as(what).isIn(Sitemaps.TOO_MANY_ELEMENTS, Sitemaps.PARSER_FAILED);
            }
        }
    }

    /** A sitemap of a few hostile constructs, up to about 2 MB; their names go into {@code parts}. */
    private static String hostile(Random random, List<String> parts) {
        StringBuilder xml = new StringBuilder(random.nextBoolean() ? "<?xml version='1.0'?>" : "");
        xml.append(random.nextBoolean() ? "<urlset>" : "<sitemapindex>");
        for (int construct = 1 + random.nextInt(4); construct > 0; construct--) {
            int kind = random.nextInt(7);
            int n = 1 + random.nextInt(kind == 1 ? 1_000_000 : 120_000);
            parts.add(kind + "x" + n);
            switch (kind) {
                case 0 -> xml.append("<sitemapindex><sitemap><loc>http://a/s.xml</loc>".repeat(n / 50 + 1));
                case 1 ->
                    xml.append("<url><loc>http://a/").append("x".repeat(n)).append("</loc></url>");
                case 2 -> xml.append("<url><loc>http://a/u</loc></url>".repeat(n / 30 + 1));
                case 3 -> xml.append("<url><loc".repeat(n / 9 + 1)); // unclosed tags
                case 4 ->
                    xml.append("<![CDATA[<url>".repeat(n / 14 + 1))
                            .append("<!--")
                            .append("<a>".repeat(n / 3));
                case 5 ->
                    xml.append("<!DOCTYPE x [<!ENTITY a '")
                            .append("&a;".repeat(n / 4 + 1))
                            .append("'>]>&a;");
                default -> xml.append("<a:b c='&#x110000;' d=\"&#99999999;").append("<".repeat(n)); // broken markup
            }
        }
        return xml.toString();
    }
}
