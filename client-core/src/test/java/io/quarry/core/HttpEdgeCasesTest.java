package io.quarry.core;

import static io.quarry.core.testing.LoopbackHttp.client;
import static io.quarry.core.testing.LoopbackHttp.config;
import static io.quarry.core.testing.LoopbackHttp.host;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.testing.FaultyHttpServer;
import io.quarry.core.testing.KeepAliveServer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Answers at HTTP's edges, each played by a raw server as the first host before a healthy one: a read moves on or
 * gets a value, a write not safe to repeat ends with the typed failure that says what happened to it, and every
 * message names the problem.
 */
class HttpEdgeCasesTest {

    private static final Endpoint GET_OBJECT = Endpoint.read("getObject", "GET", "/1/indexes/{indexName}/{objectID}");
    private static final Endpoint ADD_OBJECT = Endpoint.write("addObject", "POST", "/1/indexes/{indexName}");
    private static final String BODY = "{\"objectID\":\"1\"}";

    record Product(String objectID) {}

    private final FaultyHttpServer healthy =
            new FaultyHttpServer(FaultyHttpServer.answer(200, "application/json", BODY));
    private FaultyHttpServer faulty;

    @AfterEach
    void stop() {
        healthy.close();
        if (faulty != null) {
            faulty.close();
        }
    }

    /** The first host answers these bytes (head and body) to every request. */
    private ApiClient firstAnswering(String answer) {
        return firstAnswering(answer.getBytes(StandardCharsets.ISO_8859_1));
    }

    private ApiClient firstAnswering(byte[] answer) {
        if (faulty != null) {
            faulty.close();
        }
        faulty = new FaultyHttpServer((socket, out) -> out.write(answer));
        return client(config("key", host("first.test", faulty.port()), host("second.test", healthy.port()))
                .build());
    }

    private static String head(String status, String headers) {
        return "HTTP/1.1 " + status + "\r\n" + headers + "Connection: close\r\n\r\n";
    }

    private static Product read(ApiClient api) {
        return api.request(GET_OBJECT)
                .path("indexName", "products")
                .path("objectID", "1")
                .execute(Product.class);
    }

    private static Product add(ApiClient api) {
        return api.request(ADD_OBJECT)
                .path("indexName", "products")
                .body(Map.of("name", "x"))
                .notSafeToRepeat()
                .execute(Product.class);
    }

    private void assertReadMovesOn(String answer) {
        int before = healthy.requests();
        try (ApiClient api = firstAnswering(answer)) {
            assertThat(read(api).objectID()).isEqualTo("1");
        }
        assertThat(faulty.requests()).isEqualTo(1);
        assertThat(healthy.requests()).isEqualTo(before + 1);
    }

    private void assertReadIsAValue(String answer) {
        int before = healthy.requests();
        try (ApiClient api = firstAnswering(answer)) {
            assertThat(read(api).objectID()).isEqualTo("7");
        }
        assertThat(healthy.requests()).isEqualTo(before);
    }

    @Test
    void contentLengthsThatDisagreeAreRefusedNotReadByTheLastOne() {
        // OkHttp reads by the last field: before, the read took this answer's value
        String answer = head("200 OK", "Content-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 16\r\n")
                + "{\"objectID\":\"7\"}";
        assertReadMovesOn(answer);
        try (ApiClient api =
                client(config("key", host("only.test", faulty.port())).build())) {
            assertThatThrownBy(() -> read(api))
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("Content-Length fields disagree or are not numbers (5 and 16)")
                    .hasMessageNotContaining("sent again");
        }
        try (ApiClient api = firstAnswering(answer)) {
            assertThatThrownBy(() -> add(api))
                    .as("the server read the write and answered it: applied or not, nobody can tell")
                    .isInstanceOf(WriteOutcomeUnknownException.class)
                    .hasMessageContaining("Content-Length fields disagree");
        }
        assertThat(healthy.requests()).isEqualTo(1);
    }

    @Test
    void repeatedIdenticalContentLengthsAreOneLength() {
        assertReadIsAValue(
                head("200 OK", "Content-Type: application/json\r\nContent-Length: 16\r\ncontent-length: 16\r\n")
                        + "{\"objectID\":\"7\"}");
    }

    @Test
    void aBodyInAnEncodingTheClientDidNotAskForIsNamedAsSuch() {
        // a proxy's brotli: before, reported as JSON malformed at its first byte
        String answer =
                head("200 OK", "Content-Type: application/json\r\nContent-Encoding: br\r\nContent-Length: 5\r\n")
                        + "\u000b\u0002\u0080\u0081\u0003";
        assertReadMovesOn(answer);
        try (ApiClient api = firstAnswering(answer)) {
            assertThatThrownBy(() -> add(api))
                    .as("applied: a 200 came, only its body is unreadable")
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("encoded as 'br', which the client does not decode");
        }
        try (ApiClient api = firstAnswering(
                head("404 Not Found", "Content-Type: application/json\r\nContent-Encoding: br\r\nContent-Length: 5\r\n")
                        + "\u000b\u0002\u0080\u0081\u0003")) {
            assertThatThrownBy(() -> read(api))
                    .isInstanceOf(NotFoundException.class)
                    .hasMessageContaining("encoded as 'br'")
                    .hasMessageNotContaining("\u0080");
        }
        assertThat(healthy.requests()).isEqualTo(1);
    }

    @Test
    void gzipAskedForByTheCallersOwnHeaderIsDecoded() throws Exception {
        // OkHttp decodes only the gzip it asked for itself: before, the compressed bytes failed as malformed JSON
        byte[] json = "{\"objectID\":\"7\"}".getBytes(StandardCharsets.UTF_8);
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(zipped)) {
            gzip.write(json);
        }
        byte[] head = head("200 OK", "Content-Type: application/json\r\nContent-Encoding: gzip\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] answer = new byte[head.length + zipped.size()];
        System.arraycopy(head, 0, answer, 0, head.length);
        System.arraycopy(zipped.toByteArray(), 0, answer, head.length, zipped.size());
        faulty = new FaultyHttpServer((socket, out) -> out.write(answer));
        try (ApiClient api = client(config("key", host("only.test", faulty.port()))
                .defaultHeader("Accept-Encoding", "gzip")
                .build())) {
            assertThat(read(api).objectID()).isEqualTo("7");
        }
    }

    @Test
    void aCallThatIgnoresTheBodyIgnoresItsCoding() {
        try (ApiClient api = firstAnswering(head("204 No Content", "Content-Encoding: br\r\n"))) {
            assertThat(api.request(ADD_OBJECT)
                            .path("indexName", "products")
                            .body(Map.of("name", "x"))
                            .notSafeToRepeat()
                            .execute(Void.class))
                    .isNull();
        }
    }

    @Test
    void anIdentityEncodingIsNoEncoding() {
        assertReadIsAValue(head("200 OK", "Content-Type: application/json\r\nContent-Encoding: identity\r\n")
                + "{\"objectID\":\"7\"}");
    }

    @Test
    void anErrorBodyIsReadInTheCharsetItsContentTypeNames() {
        // a gateway's page in Latin-1: before, decoded as UTF-8 into replacement characters
        byte[] head = head("400 Bad Request", "Content-Type: text/plain; charset=ISO-8859-1\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] body = "requ\u00eate refus\u00e9e".getBytes(StandardCharsets.ISO_8859_1);
        byte[] answer = new byte[head.length + body.length];
        System.arraycopy(head, 0, answer, 0, head.length);
        System.arraycopy(body, 0, answer, head.length, body.length);
        try (ApiClient api = firstAnswering(answer)) {
            assertThatThrownBy(() -> read(api))
                    .isInstanceOf(BadRequestException.class)
                    .hasMessageContaining("requ\u00eate refus\u00e9e");
        }
    }

    @Test
    void aSuccessAnswerIsReadInTheEncodingItsBytesShowNotTheCharsetItNames() {
        byte[] head = head("200 OK", "Content-Type: application/json; charset=UTF-8\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        byte[] body = "{\"objectID\":\"7\"}".getBytes(StandardCharsets.UTF_16BE);
        byte[] utf16 = new byte[head.length + body.length];
        System.arraycopy(head, 0, utf16, 0, head.length);
        System.arraycopy(body, 0, utf16, head.length, body.length);
        try (ApiClient api = firstAnswering(utf16)) {
            assertThat(read(api).objectID()).isEqualTo("7");
        }
        // JSON is UTF-8 between systems: Latin-1 letters are malformed whatever the charset named
        assertReadMovesOn(head("200 OK", "Content-Type: application/json; charset=ISO-8859-1\r\n")
                + "{\"objectID\":\"caf\u00e9\"}");
    }

    @Test
    void aBodyShorterThanItsContentLengthMovesAReadOn() {
        String cut =
                head("200 OK", "Content-Type: application/json\r\nContent-Length: 100\r\n") + "{\"objectID\":\"7\"}";
        assertReadMovesOn(cut);
        try (ApiClient api = firstAnswering(cut)) {
            assertThatThrownBy(() -> add(api))
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("unexpected end of stream");
        }
    }

    @Test
    void aChunkedBodyCutBeforeItsLastChunkMovesAReadOnEvenWithItsJsonWhole() {
        String json = "{\"objectID\":\"7\"}";
        assertReadMovesOn(head("200 OK", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n")
                + Integer.toHexString(json.length()) + "\r\n" + json + "\r\n");
        // past the 32 KB read whole, the parser reads as the body arrives: the missing end is found all the same
        String large = "{\"objectID\":\"7\",\"pad\":\"" + "x".repeat(40_000) + "\"}";
        assertReadMovesOn(head("200 OK", "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n")
                + Integer.toHexString(large.length()) + "\r\n" + large + "\r\n");
    }

    @Test
    void aNoContentAnswerIsNoValueWithOrWithoutStrayBytes() {
        String stray = head("204 No Content", "Content-Type: application/json\r\n") + "{\"objectID\":\"7\"}";
        assertReadMovesOn(stray);
        try (ApiClient api = firstAnswering(stray)) {
            assertThatThrownBy(() -> add(api))
                    .as("applied: a 2xx came, without the value the call expects")
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("empty body");
        }
        // OkHttp refuses a 204 that says it has a body
        String withLength = head("204 No Content", "Content-Type: application/json\r\nContent-Length: 16\r\n")
                + "{\"objectID\":\"7\"}";
        assertReadMovesOn(withLength);
        try (ApiClient api = firstAnswering(withLength)) {
            assertThatThrownBy(() -> add(api)).isInstanceOf(WriteOutcomeUnknownException.class);
        }
    }

    @Test
    void unexpectedNotModifiedAndSwitchingProtocolsAnswersMoveAReadOn() {
        // the client asks for neither: no conditional request, no upgrade
        assertReadMovesOn(head("304 Not Modified", ""));
        assertReadMovesOn(head("101 Switching Protocols", "Upgrade: websocket\r\n"));
        for (String answer : new String[] {head("304 Not Modified", ""), head("101 Switching Protocols", "")}) {
            try (ApiClient api = firstAnswering(answer)) {
                assertThatThrownBy(() -> add(api)).isInstanceOf(WriteOutcomeUnknownException.class);
            }
        }
    }

    @Test
    void jsonWithAnotherContentTypeOrNoneIsStillRead() {
        assertReadIsAValue(head("200 OK", "") + "{\"objectID\":\"7\"}");
        assertReadIsAValue(head("200 OK", "Content-Type: text/plain\r\n") + "{\"objectID\":\"7\"}");
        assertReadIsAValue(head("200 OK", "Content-Type: text/html\r\nContent-Type: application/json\r\n")
                + "{\"objectID\":\"7\"}");
    }

    @Test
    void anAnswerOfDisagreeingLengthsOnAPooledConnectionClosesItAndIsNotTakenForAStaleConnection() throws Exception {
        String ambiguous =
                head("200 OK", "Content-Type: application/json\r\nContent-Length: 5\r\nContent-Length: 16\r\n")
                                .replace("Connection: close\r\n", "")
                        + "{\"objectID\":\"7\"}";
        String fine = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n"
                + "{\"objectID\":\"7\"}";
        try (KeepAliveServer only = new KeepAliveServer(KeepAliveServer.inTurn(fine, ambiguous, fine));
                ApiClient api =
                        client(config("key", host("only.test", only.port())).build())) {
            assertThat(read(api).objectID()).isEqualTo("7");
            // on the pooled connection: not taken for one the server had closed while idle, and not sent again there
            assertThatThrownBy(() -> read(api))
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("Content-Length fields disagree")
                    .hasMessageNotContaining("sent again");
            assertThat(only.requests()).isEqualTo(2);
            // the connection is closed rather than pooled, so nothing the server sent after that answer is read
            assertThat(read(api).objectID()).isEqualTo("7");
            assertThat(only.connections()).isEqualTo(2);
        }
    }

    @Test
    void aLengthListedTwiceOnAKeptConnectionIsReadByThatLength() throws Exception {
        // a proxy folding repeated fields: OkHttp read the body until the connection closed, which a server keeping
        // it alive never did, so the call waited for its read timeout and failed
        String listed = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16, 16\r\n\r\n"
                + "{\"objectID\":\"7\"}";
        try (KeepAliveServer only = new KeepAliveServer(KeepAliveServer.inTurn(listed));
                ApiClient api = client(config("key", host("only.test", only.port()))
                        .readTimeout(java.time.Duration.ofMinutes(1))
                        .build())) {
            assertThat(read(api).objectID()).isEqualTo("7");
            assertThat(read(api).objectID()).isEqualTo("7");
        }
    }

    @Test
    void chunksOverrideAContentLength() {
        String json = "{\"objectID\":\"7\"}";
        assertReadIsAValue(head(
                        "200 OK",
                        "Content-Type: application/json\r\nContent-Length: 5, 9\r\n" + "Transfer-Encoding: chunked\r\n")
                + Integer.toHexString(json.length()) + "\r\n" + json + "\r\n0\r\n\r\n");
        // a coding other than chunked frames nothing for OkHttp, which then reads by the length: it is checked
        assertReadMovesOn(head(
                        "200 OK",
                        "Content-Type: application/json\r\nContent-Length: 5, 9\r\n"
                                + "Transfer-Encoding: identity\r\n")
                + json);
    }

    @Test
    void aLengthThatIsNoNumberOrAListThatDisagreesIsRefused() {
        for (String length : new String[] {"sixteen", "16, 5", "16,"}) {
            String answer = head("200 OK", "Content-Type: application/json\r\nContent-Length: " + length + "\r\n")
                    + "{\"objectID\":\"7\"}";
            assertReadMovesOn(answer);
        }
    }

    private static final String KEPT_ANSWER =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n{\"objectID\":\"2\"}";

    private static ApiClient keptAliveClient(KeepAliveServer server) {
        return client(config("key", host("only.test", server.port()))
                .readTimeout(java.time.Duration.ofMinutes(1))
                .build());
    }

    private static void ignoringTheAnswer(ApiClient api) {
        assertThat(api.request(ADD_OBJECT)
                        .path("indexName", "products")
                        .body(Map.of("name", "x"))
                        .execute(Void.class))
                .isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"204 No Content", "304 Not Modified", "101 Switching Protocols"})
    void strayBytesAfterABodilessAnswerReachNoLaterCallOnItsConnection(String status) throws Exception {
        // a body the server should not have sent: the next request on the connection read it as its answer's start
        String stray = "HTTP/1.1 " + status + "\r\nContent-Type: application/json\r\n\r\n{\"objectID\":\"7\"}";
        try (KeepAliveServer only = new KeepAliveServer(KeepAliveServer.inTurn(stray, KEPT_ANSWER));
                ApiClient api = keptAliveClient(only)) {
            if (status.startsWith("204")) {
                ignoringTheAnswer(api);
            } else {
                assertThatThrownBy(() -> add(api)).isInstanceOf(WriteOutcomeUnknownException.class);
            }
            assertThat(add(api).objectID())
                    .as("a write not safe to repeat, answered once")
                    .isEqualTo("2");
            assertThat(only.requests()).isEqualTo(2);
            assertThat(only.connections())
                    .as("the bodiless answer's connection was not used again")
                    .isEqualTo(2);
        }
    }

    @Test
    void anAnswerWrittenAfterANoContentAnswerIsNotTakenForTheNextCallsAnswer() throws Exception {
        // a server answering one request twice: the second answer sat on the connection, and the next call on it
        // returned that answer (7) as its own, leaving its own answer to the call after it
        String twice = "HTTP/1.1 204 No Content\r\n\r\n"
                + "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n{\"objectID\":\"7\"}";
        try (KeepAliveServer only = new KeepAliveServer(KeepAliveServer.inTurn(twice, KEPT_ANSWER));
                ApiClient api = keptAliveClient(only)) {
            ignoringTheAnswer(api);
            assertThat(read(api).objectID()).isEqualTo("2");
            assertThat(read(api).objectID()).isEqualTo("2");
        }
    }

    @Test
    void aNotModifiedAnswerWithAContentLengthDoesNotWaitForABody() throws Exception {
        // a 304's Content-Length gives the size of a body it never carries: OkHttp waited for that body until the
        // read timeout on a connection kept alive
        String notModified =
                "HTTP/1.1 304 Not Modified\r\nContent-Type: application/json\r\nContent-Length: 16\r\n\r\n";
        try (KeepAliveServer only = new KeepAliveServer(KeepAliveServer.inTurn(notModified, KEPT_ANSWER));
                ApiClient api = keptAliveClient(only)) {
            assertThatThrownBy(() -> read(api))
                    .as("at once, its body taken as empty, the only host having answered what no read expects")
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("HTTP 304 with an empty body");
            assertThat(read(api).objectID()).isEqualTo("2");
            assertThat(only.connections()).isEqualTo(2);
        }
    }

    /** {@code {"objectID":"7"}} in gzip, as one chunk and the last one, after a head. */
    private static byte[] gzipInChunks(String head) throws java.io.IOException {
        java.io.ByteArrayOutputStream zipped = new java.io.ByteArrayOutputStream();
        try (java.util.zip.GZIPOutputStream gzip = new java.util.zip.GZIPOutputStream(zipped)) {
            gzip.write("{\"objectID\":\"7\"}".getBytes(StandardCharsets.UTF_8));
        }
        java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
        answer.write((head + Integer.toHexString(zipped.size()) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        answer.write(zipped.toByteArray());
        answer.write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        return answer.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Transfer-Encoding: gzip, chunked\r\n",
                "Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n",
                "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n",
                "Transfer-Encoding: chunked, identity, gzip\r\nContent-Length: 16\r\n"
            })
    void aTransferCodingOtherThanChunkedIsRefusedNamingIt(String codings) throws Exception {
        // OkHttp decodes chunked alone, when the last field says so: before, the chunks' sizes and the compressed
        // bytes were read as the body (malformed JSON), or the chunks were undone and the gzip inside read as JSON
        byte[] answer = gzipInChunks(head("200 OK", "Content-Type: application/json\r\n" + codings));
        int before = healthy.requests();
        try (ApiClient api = firstAnswering(answer)) {
            assertThat(read(api).objectID()).as("a read moves on").isEqualTo("1");
        }
        assertThat(healthy.requests()).isEqualTo(before + 1);
        try (ApiClient api =
                client(config("key", host("only.test", faulty.port())).build())) {
            assertThatThrownBy(() -> read(api))
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("which the client does not decode (only chunked, once)")
                    .hasMessageNotContaining("sent again");
        }
        try (ApiClient api = firstAnswering(answer)) {
            assertThatThrownBy(() -> add(api))
                    .as("its head is well framed: a 2xx says the write was applied, only its answer is lost")
                    .isInstanceOf(DeserializationException.class)
                    .hasMessageContaining("success answer")
                    .hasMessageContaining("Transfer-Encoding");
        }
        assertThat(healthy.requests()).as("not sent again").isEqualTo(before + 1);
        byte[] failed = gzipInChunks(head("503 Service Unavailable", "Content-Type: application/json\r\n" + codings));
        try (ApiClient api = firstAnswering(failed)) {
            assertThatThrownBy(() -> add(api))
                    .as("a status that is no success says nothing sure of the write")
                    .isInstanceOf(WriteOutcomeUnknownException.class)
                    .hasMessageContaining("Transfer-Encoding");
        }
    }

    @Test
    void aTransferCodingOtherThanChunkedOnAKeptConnectionFailsAtOnceAndEndsIt() throws Exception {
        // read until the connection closed, which a server keeping it alive never did: the read timeout
        String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n\r\n";
        String coded = new String(gzipInChunks(head), StandardCharsets.ISO_8859_1);
        try (KeepAliveServer only = new KeepAliveServer(KeepAliveServer.inTurn(coded, KEPT_ANSWER));
                ApiClient api = keptAliveClient(only)) {
            assertThatThrownBy(() -> read(api))
                    .isInstanceOf(UnreachableHostsException.class)
                    .hasMessageContaining("Transfer-Encoding is 'gzip, chunked'")
                    .hasMessageNotContaining("timeout");
            assertThat(read(api).objectID()).isEqualTo("2");
            assertThat(only.connections())
                    .as("the refused answer's connection closed")
                    .isEqualTo(2);
        }
    }

    @Test
    void anObsoleteIdentityCodingIsNoCoding() {
        assertReadIsAValue(head("200 OK", "Content-Type: application/json\r\nTransfer-Encoding: identity\r\n")
                + "{\"objectID\":\"7\"}");
    }
}
