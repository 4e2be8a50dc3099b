package io.quarry.core.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;
import tools.jackson.core.JacksonException;

/**
 * A request body that Jackson writes straight into OkHttp's sink, optionally through gzip: no intermediate
 * String or byte array, so a large batch is never copied in memory. It can be written again on a retry.
 */
final class JsonRequestBody extends RequestBody {

    static final MediaType JSON = MediaType.get("application/json; charset=UTF-8");

    /** A serialisation failure, carried through OkHttp as an I/O failure and then reported as such. */
    static final class BodyWriteException extends IOException {
        private static final long serialVersionUID = 1L;

        BodyWriteException(JacksonException cause) {
            super("request body cannot be serialised as JSON: " + cause.getOriginalMessage(), cause);
        }
    }

    private final Object value;
    private final boolean gzip;

    JsonRequestBody(Object value, boolean gzip) {
        this.value = value;
        this.gzip = gzip;
    }

    @Override
    public MediaType contentType() {
        return JSON;
    }

    @Override
    public long contentLength() {
        return -1;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        OutputStream target = sink.outputStream();
        GZIPOutputStream zipped = gzip ? new GZIPOutputStream(target, 8192) : null;
        try {
            Json.write(value, zipped != null ? zipped : target);
        } catch (JacksonException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new BodyWriteException(e);
        }
        if (zipped != null) {
            zipped.finish();
        }
    }
}
