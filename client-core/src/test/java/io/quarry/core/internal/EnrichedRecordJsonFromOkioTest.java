package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.TypeRef;
import java.nio.charset.StandardCharsets;
import okio.Buffer;
import okio.ByteString;

/**
 * Every hit decoding test again, the response held in OkHttp's buffer as it is read from a connection, here cut into
 * segments of a few bytes each, so that names, strings and generated members straddle segments.
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
        ByteString before = body.snapshot();

        Page<T> page = Json.read(body, TypeRef.parameterized(Page.class, type).type());

        assertThat(body.snapshot())
                .as("the body is read in place, not consumed")
                .isEqualTo(before);
        return page;
    }

    /** A buffer whose segments each hold a few bytes: shared segments are never merged into one another. */
    static Buffer inSmallSegments(byte[] bytes) {
        Buffer body = new Buffer();
        for (int at = 0; at < bytes.length; at += SEGMENT_BYTES) {
            Buffer piece = new Buffer().write(bytes, at, Math.min(SEGMENT_BYTES, bytes.length - at));
            Buffer shared = piece.copy();
            body.write(shared, shared.size());
        }
        return body;
    }
}
