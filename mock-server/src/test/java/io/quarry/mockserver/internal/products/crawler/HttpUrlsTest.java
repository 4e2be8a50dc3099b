package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Absolute http(s) URLs as a browser reads them: hosts in other scripts in ASCII, ports TCP has. */
class HttpUrlsTest {

    @Test
    void aHostInAnotherScriptIsReadInAscii() {
        URI uri = HttpUrls.parse("https://user:pw@bücher.example:8443/katalog?q=ä#top");

        assertThat(uri.getHost()).isEqualTo("xn--bcher-kva.example");
        assertThat(uri.getRawUserInfo()).isEqualTo("user:pw");
        assertThat(uri.getPort()).isEqualTo(8443);
        assertThat(uri.getRawPath()).isEqualTo("/katalog");
        assertThat(uri.getRawQuery()).isEqualTo("q=ä");
        assertThat(uri.getRawFragment()).isEqualTo("top");
    }

    @Test
    void whatIsNoAbsoluteHttpUrlIsNull() {
        assertThat(HttpUrls.parse("//127.0.0.1/no-scheme")).as("no scheme").isNull();
        assertThat(HttpUrls.parse("//bücher.example/")).as("no scheme").isNull();
        assertThat(HttpUrls.parse("ftp://127.0.0.1/")).isNull();
        assertThat(HttpUrls.parse("http://127.0.0.1:65536/")).isNull();
        assertThat(HttpUrls.parse("http://")).isNull();
        assertThat(HttpUrls.parse("http://" + "ä".repeat(70) + ".example/"))
                .as("a label too long")
                .isNull();
        assertThat(HttpUrls.parse("http://127.0.0.1:65535/")).isNotNull();
    }

    @Test
    void aHostNameRfc3986AllowsIsAHostThoughUriSeesNone() {
        URI uri = HttpUrls.parse("http://user@my_host.example:8080/a?b#c");

        assertThat(HttpUrls.host(uri)).isEqualTo("my_host.example");
        assertThat(uri.getRawPath()).isEqualTo("/a");
        assertThat(HttpUrls.host(HttpUrls.parse("https://_dmarc.bücher.example/")))
                .isEqualTo("_dmarc.xn--bcher-kva.example");
        assertThat(HttpUrls.host(HttpUrls.parse("http://a~b!$&'()*+,;=%5F.example")))
                .isNotNull();
        assertThat(HttpUrls.resolve("http://my_host.example/docs/old", "new"))
                .isEqualTo("http://my_host.example/docs/new");
    }

    @Test
    void anAuthorityRfc3986RefusesIsNoUrl() {
        assertThat(HttpUrls.parse("http://a@b@my_host.example/"))
                .as("@ in the user info")
                .isNull();
        assertThat(HttpUrls.parse("http://my_host.example:8x/"))
                .as("a port of no digits")
                .isNull();
        assertThat(HttpUrls.parse("http://my_host.example:65536/")).isNull();
        assertThat(HttpUrls.parse("http://my_host.example:123456/")).isNull();
        assertThat(HttpUrls.parse("http://my_host.example:1:2/")).isNull();
        assertThat(HttpUrls.parse("http://my_host%zz.example/"))
                .as("a broken escape")
                .isNull();
        assertThat(HttpUrls.parse("http://my_host%4.example/")).isNull();
        assertThat(HttpUrls.parse("http://[my_host]/")).isNull();
        assertThat(HttpUrls.parse("http://user@/")).as("no host").isNull();
        assertThat(HttpUrls.parse("http://my host.example/")).isNull();
        assertThat(HttpUrls.parse("http://my_host.example:65535/")).isNotNull();
        assertThat(HttpUrls.parse("http://my_host.example:/"))
                .as("the scheme's port")
                .isNotNull();
    }

    @Test
    void dotSegmentsResolveAsRfc3986Says() {
        assertThat(HttpUrls.withoutDotSegments("/a/b/c/./../../g")).isEqualTo("/a/g");
        assertThat(HttpUrls.withoutDotSegments("/a/b/..")).isEqualTo("/a/");
        assertThat(HttpUrls.withoutDotSegments("/a/..")).isEqualTo("/");
        assertThat(HttpUrls.withoutDotSegments("/.")).isEqualTo("/");
        assertThat(HttpUrls.withoutDotSegments("/../../g"))
                .as("nothing above the root")
                .isEqualTo("/g");
        assertThat(HttpUrls.withoutDotSegments("//a/../b"))
                .as("an empty segment stays")
                .isEqualTo("//b");
        assertThat(HttpUrls.withoutDotSegments("/a/.b/..c/...")).isEqualTo("/a/.b/..c/...");
        assertThat(HttpUrls.withoutDotSegments("/")).isEqualTo("/");
    }

    @Test
    // a hang guard: a removal that copies the rest of the path per segment (RFC 3986's buffers as strings) does
    // 600,000 copies of about a million characters here, far past any bound; the result is the check
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLongPathOfDotSegmentsTakesNoLongerThanItsLength() {
        String path = "/a/..".repeat(200_000) + "/./b".repeat(200_000);

        assertThat(HttpUrls.withoutDotSegments(path)).isEqualTo("/b".repeat(200_000));
    }

    @Test
    void aPatternsHostInAnotherScriptIsWrittenInAscii() {
        assertThat(HttpUrls.withAsciiHost("https://bücher.example/**")).isEqualTo("https://xn--bcher-kva.example/**");
        assertThat(HttpUrls.withAsciiHost("!https://u@bücher.example:8080/private/*"))
                .isEqualTo("!https://u@xn--bcher-kva.example:8080/private/*");
        assertThat(HttpUrls.withAsciiHost("https://*.bücher.example/**"))
                .isEqualTo("https://*.xn--bcher-kva.example/**");
        assertThat(HttpUrls.withAsciiHost("https://www.example.com/é/**")).isEqualTo("https://www.example.com/é/**");
        assertThat(HttpUrls.withAsciiHost("**/*.pdf")).isEqualTo("**/*.pdf");
        assertThat(HttpUrls.withAsciiHost("https://" + "ä".repeat(70) + ".example/"))
                .startsWith("https://ä");
    }

    @Test
    void aReferenceResolvesAgainstItsPage() {
        assertThat(HttpUrls.resolve("http://a.example/docs/old", "new")).isEqualTo("http://a.example/docs/new");
        assertThat(HttpUrls.resolve("http://a.example/docs/old", " /x ")).isEqualTo("http://a.example/x");
        assertThat(HttpUrls.resolve("http://a.example/", "mailto:someone@a.example"))
                .isNull();
        assertThat(HttpUrls.resolve("http://a.example/", "http://[::1")).isNull();
    }
}
