package io.quarry.benchmarks.start;

import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.io.IOException;

/**
 * WireMock 3 embedded as a test would: a server on a free loopback port, one stub for the listing, and its first
 * answer.
 */
public final class WireMockChild {

    private WireMockChild() {}

    /**
     * Starts WireMock, adds the stub, makes the first request, reports.
     *
     * @param args none
     * @throws IOException if the request fails
     */
    public static void main(String[] args) throws IOException {
        long mainAt = System.currentTimeMillis();
        WireMockServer server =
                new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        server.start();
        server.stubFor(get(urlEqualTo(FirstAnswer.PATH)).willReturn(okJson("{\"items\":[],\"nbPages\":1}")));
        FirstAnswer.get(server.port(), null);
        long answeredAt = System.currentTimeMillis();
        FirstAnswer.report(mainAt, answeredAt);
        System.exit(0);
    }
}
