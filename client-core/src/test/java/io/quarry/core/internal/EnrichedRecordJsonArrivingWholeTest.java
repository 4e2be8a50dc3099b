package io.quarry.core.internal;

import io.quarry.core.TypeRef;
import java.nio.charset.StandardCharsets;
import okio.Buffer;

/**
 * Every hit decoding test again, the response decoded as it arrives in reads as large as the parser asks for, so
 * that most members start and end within one read.
 */
class EnrichedRecordJsonArrivingWholeTest extends EnrichedRecordJsonTest {

    @Override
    <T> Page<T> decode(String json, Class<T> type) {
        Buffer body = new Buffer().write(json.getBytes(StandardCharsets.UTF_8));
        return Json.read(
                new ArrivingBody(body, Long.MAX_VALUE),
                TypeRef.parameterized(Page.class, type).type());
    }
}
