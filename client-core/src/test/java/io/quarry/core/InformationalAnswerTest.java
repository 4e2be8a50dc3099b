package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.LoopbackHttp;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Interim 1xx answers (100 Continue unasked for, 102 Processing, 103 Early Hints) before the final one are passed
 * over: the call reads the final answer, a write not safe to repeat included, and nothing is sent twice.
 */
class InformationalAnswerTest {

    private static final Endpoint ADD = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");

    @ParameterizedTest
    @ValueSource(strings = {"100 Continue", "102 Processing", "103 Early Hints\r\nLink: </style.css>; rel=preload"})
    void theFinalAnswerAfterInterimOnesIsRead(String interim) {
        String body = "{\"objectID\":\"1\"}";
        byte[] answer = ("HTTP/1.1 " + interim + "\r\n\r\nHTTP/1.1 " + interim + "\r\n\r\n"
                        + "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: " + body.length()
                        + "\r\nConnection: close\r\n\r\n" + body)
                .getBytes(StandardCharsets.ISO_8859_1);
        try (FaultyHttpServer server = new FaultyHttpServer((socket, out) -> out.write(answer));
                ApiClient api =
                        LoopbackHttp.client(LoopbackHttp.config("key", LoopbackHttp.host("only.test", server.port()))
                                .build())) {
            FreeFormRecord added = api.request(ADD)
                    .path("indexName", "products")
                    .body(Map.of("name", "x"))
                    .notSafeToRepeat()
                    .execute(FreeFormRecord.class);
            assertThat(added.objectID()).contains("1");
            assertThat(server.requests()).isEqualTo(1);
        }
    }
}
