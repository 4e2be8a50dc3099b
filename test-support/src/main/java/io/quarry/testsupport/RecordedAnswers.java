package io.quarry.testsupport;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.request;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.zip.GZIPInputStream;

/**
 * The real answers a client call receives, recorded by a WireMock server that passes the call's requests on to a
 * real server (the mock server) and keeps each answer with a JSON body.
 */
final class RecordedAnswers {

    /**
     * One request of a call and the success answer it got.
     *
     * @param method the request's method
     * @param url its path and query
     * @param status the answer's status
     * @param body the answer's body
     */
    record Exchange(String method, String url, int status, String body) {}

    private RecordedAnswers() {}

    /**
     * Makes a call through the WireMock server, passed on to the upstream server, and returns the success answers
     * of the requests it made once only: a request made twice (a page asked again, a task polled) could not be told
     * apart from its other asks, so it stays with the upstream server.
     *
     * @param wireMock the server the client calls
     * @param upstream the real server's URL
     * @param canned answers given instead of the upstream server's
     * @param name the call's name, for a failure message
     * @param call the call, by a client pointed at the WireMock server
     * @return the answers, in the order of the requests
     */
    static List<Exchange> of(
            WireMockExtension wireMock, String upstream, List<Exchange> canned, String name, Callable<?> call) {
        wireMock.resetAll();
        wireMock.stubFor(any(anyUrl()).atPriority(10).willReturn(aResponse().proxiedFrom(upstream)));
        for (Exchange answer : canned) {
            wireMock.stubFor(request(answer.method(), urlEqualTo(answer.url()))
                    .atPriority(1)
                    .willReturn(okJson(answer.body()).withStatus(answer.status())));
        }
        try {
            call.call();
        } catch (Exception e) {
            throw new IllegalStateException(
                    "the call " + name + " failed against the real server, so it has no answers to mutate", e);
        }
        List<ServeEvent> events = new ArrayList<>(wireMock.getAllServeEvents());
        Collections.reverse(events); // WireMock lists the newest first
        Map<String, Integer> asked = new HashMap<>();
        events.forEach(e -> asked.merge(key(e), 1, Integer::sum));
        List<Exchange> exchanges = new ArrayList<>();
        for (ServeEvent event : events) {
            int status = event.getResponse().getStatus();
            String body = text(event.getResponse().getBody());
            if (asked.get(key(event)) == 1 && status / 100 == 2 && looksLikeJson(body)) {
                exchanges.add(new Exchange(
                        event.getRequest().getMethod().getName(),
                        event.getRequest().getUrl(),
                        status,
                        body));
            }
        }
        wireMock.resetAll();
        return exchanges;
    }

    private static String key(ServeEvent event) {
        return event.getRequest().getMethod().getName() + " "
                + event.getRequest().getUrl();
    }

    private static boolean looksLikeJson(String body) {
        String start = body.stripLeading();
        return start.startsWith("{") || start.startsWith("[");
    }

    /** The body as text, unzipped when the real server compressed it. */
    private static String text(byte[] body) {
        if (body == null) {
            return "";
        }
        if (body.length > 2 && (body[0] & 0xff) == 0x1f && (body[1] & 0xff) == 0x8b) {
            try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return new String(body, StandardCharsets.UTF_8);
    }
}
