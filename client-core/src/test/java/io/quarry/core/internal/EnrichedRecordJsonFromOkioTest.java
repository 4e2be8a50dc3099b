package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.TypeRef;
import java.nio.charset.StandardCharsets;
import okio.Buffer;

/**
 * Every hit decoding test again, the response decoded as it arrives from OkHttp's source, here a few bytes at a time,
 * so that names, strings, numbers and generated members straddle the parser's reads.
 */
class EnrichedRecordJsonFromOkioTest extends EnrichedRecordJsonTest {

    /** Small and odd: boundaries fall everywhere. */
    private static final int SEGMENT_BYTES = 7;

    @Override
    <T> Page<T> decode(String json, Class<T> type) {
        Buffer body = inSmallSegments(json.getBytes(StandardCharsets.UTF_8));
        try (Buffer.UnsafeCursor cursor = body.readUnsafe()) {
            assertThat(cursor.seek(0)).as("bytes in the first segment").isLessThanOrEqualTo(SEGMENT_BYTES);
        }

        Page<T> page = Json.read(
                new ArrivingBody(body, Long.MAX_VALUE),
                TypeRef.parameterized(Page.class, type).type());

        assertThat(body.exhausted()).as("read to its end").isTrue();
        return page;
    }

    /** A buffer whose segments each hold a few bytes, so that a read from it returns at most that many. */
    static Buffer inSmallSegments(byte[] bytes) {
        return BodyInPieces.of(bytes, () -> SEGMENT_BYTES);
    }
}
