package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import okio.Buffer;
import org.junit.jupiter.api.Test;

/** Small bodies go out with a length, large ones streamed; either can be written more than once. */
class JsonRequestBodyTest {

    private static final Map<String, Object> VALUE = Map.of("requests", List.of("a", "b", "c"));
    private static final String JSON = "{\"requests\":[\"a\",\"b\",\"c\"]}";

    @Test
    void bodyUnderTheCapHasItsLengthAndIsWrittenWhole() throws IOException {
        JsonRequestBody body = new JsonRequestBody(VALUE, false);

        assertThat(body.contentLength()).isEqualTo(JSON.length());
        assertThat(written(body)).isEqualTo(JSON);
    }

    @Test
    void bodyOverTheCapHasNoLengthAndIsStillWrittenWhole() throws IOException {
        JsonRequestBody body = new JsonRequestBody(VALUE, false, 10);

        assertThat(body.contentLength()).isEqualTo(-1);
        assertThat(written(body)).isEqualTo(JSON);
        assertThat(written(body)).isEqualTo(JSON);
    }

    @Test
    void secondWriteSerialisesTheSameBytesAgain() throws IOException {
        JsonRequestBody body = new JsonRequestBody(VALUE, false);

        assertThat(written(body)).isEqualTo(JSON);
        assertThat(written(body)).isEqualTo(JSON);
        assertThat(body.contentLength()).isEqualTo(JSON.length());
    }

    @Test
    void bodySpanningSeveralPooledArraysIsWrittenExactlyAndGivesThemBack() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 3 * PooledBytes.CHUNK_SIZE + 17; i++) {
            text.append("record-").append(i).append(' ');
        }
        Map<String, Object> large = Map.of("text", text.toString());
        JsonRequestBody body = new JsonRequestBody(large, false);
        String expected = "{\"text\":\"" + text + "\"}";

        assertThat(body.contentLength()).isEqualTo(expected.length());
        int pooledBefore = PooledBytes.pooledChunks();
        assertThat(written(body)).isEqualTo(expected);
        // the four arrays went back (unless the pool was full)
        assertThat(PooledBytes.pooledChunks()).isEqualTo(Math.min(PooledBytes.MAX_POOLED_CHUNKS, pooledBefore + 4));
        // a second write serialises again into arrays from the pool
        assertThat(written(body)).isEqualTo(expected);
    }

    @Test
    void gzipLengthIsTheCompressedOne() throws IOException {
        JsonRequestBody body = new JsonRequestBody(VALUE, true);

        long length = body.contentLength();
        Buffer sink = new Buffer();
        body.writeTo(sink);

        assertThat(sink.size()).isEqualTo(length);
        try (GZIPInputStream in = new GZIPInputStream(sink.inputStream())) {
            assertThat(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8))
                    .isEqualTo(JSON);
        }
    }

    @Test
    void unserialisableValueFailsAsABodyWriteErrorBeforeAnythingIsSent() {
        JsonRequestBody body = new JsonRequestBody(unserialisable(), false);

        assertThatThrownBy(body::contentLength)
                .isInstanceOf(JsonRequestBody.BodyWriteException.class)
                .hasMessageContaining("cannot be serialised");
    }

    @Test
    void aBodySerialisedAheadIsSentAsItWas() throws IOException {
        JsonRequestBody body = new JsonRequestBody(VALUE, false);
        body.prepare();

        assertThat(body.contentLength()).isEqualTo(JSON.length());
        assertThat(written(body)).isEqualTo(JSON);
    }

    @Test
    void aBodyThatFailsAheadFailsWhenSentWithTheSameError() {
        JsonRequestBody body = new JsonRequestBody(unserialisable(), false);
        body.prepare(); // keeps the failure: the call reports it where it reports any body failure

        assertThatThrownBy(body::contentLength)
                .isInstanceOf(JsonRequestBody.BodyWriteException.class)
                .hasMessageContaining("cannot be serialised");
        assertThatThrownBy(() -> body.writeTo(new Buffer())).isInstanceOf(JsonRequestBody.BodyWriteException.class);
    }

    /** A value whose getter throws, so Jackson cannot write it. */
    private static Object unserialisable() {
        return new Object() {
            @SuppressWarnings("unused")
            public String getBoom() {
                throw new IllegalStateException("no");
            }
        };
    }

    private static String written(JsonRequestBody body) throws IOException {
        Buffer sink = new Buffer();
        body.writeTo(sink);
        return sink.readUtf8();
    }

    /**
     * Thousands of callers on virtual threads each measure their body, then wait for a connection: a search's body
     * then held one of the pool's 32 KiB arrays while it waited, the pool ran dry after 128 of them, and every
     * further search allocated an array of its own.
     */
    @Test
    void smallBodiesMeasuredAndWaitingToBeSentHoldNoneOfThePoolsArrays() throws IOException {
        PooledBytes primer = new PooledBytes();
        primer.write(0);
        primer.release();
        int pooled = PooledBytes.pooledChunks();
        List<JsonRequestBody> waiting = new java.util.ArrayList<>();
        for (int i = 0; i < 2 * PooledBytes.MAX_POOLED_CHUNKS; i++) {
            JsonRequestBody body = new JsonRequestBody(VALUE, false);
            body.prepare();
            waiting.add(body);
        }

        assertThat(PooledBytes.pooledChunks()).isEqualTo(pooled);
        for (JsonRequestBody body : waiting) {
            assertThat(body.contentLength()).isEqualTo(JSON.length());
            assertThat(written(body)).isEqualTo(JSON);
        }
        assertThat(PooledBytes.pooledChunks()).isEqualTo(pooled);
    }
}
