package io.quarry.mockserver.internal.products.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** One deadline and one size bound for a whole fetch, the body included. */
class PageFetcherTest {

    /** The bytes {@code /trickles} sends before it stalls. */
    private static final int TRICKLED = 40_000;

    private final CountDownLatch testOver = new CountDownLatch(1);
    private HttpServer site;

    @BeforeEach
    void startSite() throws IOException {
        site = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        site.createContext("/page", exchange -> {
            byte[] page = "<html><title>t</title></html>".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, page.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(page);
            }
        });
        site.createContext("/stalls", exchange -> {
            exchange.getResponseHeaders().set("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, 1000);
            OutputStream body = exchange.getResponseBody();
            body.write("<html>".getBytes(StandardCharsets.UTF_8));
            body.flush();
            await(); // the other 994 bytes never come while the test runs
            exchange.close();
        });
        site.createContext("/large", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked: no length announced
            try (OutputStream body = exchange.getResponseBody()) {
                byte[] chunk = new byte[64 * 1024];
                for (int sent = 0; sent <= PageFetcher.MAX_BYTES; sent += chunk.length) {
                    body.write(chunk);
                }
            } catch (IOException closedByTheFetcher) {
                // expected once the fetcher has read enough
            }
        });
        site.createContext("/trickles", exchange -> {
            exchange.sendResponseHeaders(200, 0); // chunked, as a sitemap generated on the fly comes
            OutputStream body = exchange.getResponseBody();
            body.write(new byte[TRICKLED]);
            body.flush();
            await(); // the rest never comes while the test runs
            exchange.close();
        });
        site.createContext("/announcedLarge", exchange -> {
            exchange.sendResponseHeaders(200, PageFetcher.MAX_BYTES + 1L);
            exchange.getResponseBody().flush();
            await(); // not one byte of the body comes while the test runs: only its announced length can refuse it
            exchange.close();
        });
        site.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
        site.start();
    }

    @AfterEach
    void stopSite() {
        testOver.countDown();
        site.stop(0);
    }

    private void await() {
        try {
            testOver.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + site.getAddress().getPort() + path);
    }

    @Test
    void readsAPageWhole() throws Exception {
        PageFetcher.Fetched fetched = new PageFetcher(Set.of()).fetch(uri("/page"));

        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.contentType()).isEqualTo("text/html");
        assertThat(new String(fetched.body(), StandardCharsets.UTF_8)).contains("<title>t</title>");
    }

    @Test
    void aBodyThatStallsEndsTheFetchAtItsDeadline() {
        PageFetcher fetcher = new PageFetcher(Set.of(), Duration.ofMillis(300));

        PageFetcher.FetchFailure failure =
                catchThrowableOfType(PageFetcher.FetchFailure.class, () -> fetcher.fetch(uri("/stalls")));

        assertThat(failure).isNotNull();
        assertThat(failure.reason()).isEqualTo("timeout");
        assertThat(failure.getMessage()).contains("300 ms");
    }

    @Test
    void aBodyEndedByItsDeadlineTellsTheBytesReadBeforeIt() {
        // what came before the deadline counts: on a loaded machine the bytes may come after a short deadline, so
        // it grows until they came first (only a hang reaches the last)
        long read = -1;
        for (Duration deadline : List.of(Duration.ofMillis(300), Duration.ofSeconds(3), Duration.ofSeconds(30))) {
            PageFetcher fetcher = new PageFetcher(Set.of(), deadline);
            PageFetcher.FetchFailure failure =
                    catchThrowableOfType(PageFetcher.FetchFailure.class, () -> fetcher.fetch(uri("/trickles")));
            assertThat(failure.reason()).isEqualTo("timeout");
            read = failure.bytesRead();
            assertThat(read).as("read before %s", deadline).isBetween(0L, (long) TRICKLED);
            if (read == TRICKLED) {
                break;
            }
        }
        assertThat(read).isEqualTo(TRICKLED);
    }

    @Test
    void aBodyCutByABrokenConnectionTellsTheBytesReadBeforeIt() throws Exception {
        try (BrokenSite broken = new BrokenSite(TRICKLED)) {
            PageFetcher.FetchFailure failure = catchThrowableOfType(
                    PageFetcher.FetchFailure.class, () -> new PageFetcher(Set.of()).fetch(broken.uri("/sitemap.xml")));

            assertThat(failure.reason()).isEqualTo("network_error");
            assertThat(failure.bytesRead()).isEqualTo(TRICKLED);
        }
    }

    @Test
    void anAllowedHostTheJdkClientCannotAddressFailsAsANetworkError() {
        PageFetcher.FetchFailure failure = catchThrowableOfType(
                PageFetcher.FetchFailure.class,
                () -> new PageFetcher(Set.of("my_host.example")).fetch(HttpUrls.parse("http://my_host.example:1/")));

        assertThat(failure.reason()).isEqualTo("network_error");
        assertThat(failure.getMessage()).contains("my_host.example");
    }

    @Test
    void aBodyAnnouncedPastTheBoundIsRefusedAtTheHead() {
        // a deadline only a hang reaches: a fetch that waited for the body would end on it, as a timeout
        PageFetcher fetcher = new PageFetcher(Set.of(), Duration.ofMinutes(2));

        PageFetcher.FetchFailure failure =
                catchThrowableOfType(PageFetcher.FetchFailure.class, () -> fetcher.fetch(uri("/announcedLarge")));

        assertThat(failure).isNotNull();
        assertThat(failure.reason()).isEqualTo("too_large");
    }

    @Test
    void aBodyPastTheBoundIsNotReadFurther() {
        PageFetcher.FetchFailure failure = catchThrowableOfType(
                PageFetcher.FetchFailure.class, () -> new PageFetcher(Set.of()).fetch(uri("/large")));

        assertThat(failure).isNotNull();
        assertThat(failure.reason()).isEqualTo("too_large");
    }
}
