package io.quarry.core.internal;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSink;
import okio.BufferedSource;
import okio.ForwardingSink;
import okio.ForwardingSource;
import okio.Okio;

/** Counts the body bytes of one observed try into its {@link AttemptTag}, at the network level. */
final class ByteCounting {

    private ByteCounting() {}

    static Response proceed(Interceptor.Chain chain, AttemptTag tag) throws IOException {
        Request request = chain.request();
        if (request.body() != null) {
            request = request.newBuilder()
                    .method(request.method(), new CountedRequestBody(request.body(), tag))
                    .build();
        }
        Response response = chain.proceed(request);
        tag.addResponseBytes(0);
        return response.newBuilder()
                .body(new CountedResponseBody(response.body(), tag))
                .build();
    }

    private static final class CountedRequestBody extends RequestBody {
        private final RequestBody body;
        private final AttemptTag tag;

        CountedRequestBody(RequestBody body, AttemptTag tag) {
            this.body = body;
            this.tag = tag;
        }

        @Override
        public MediaType contentType() {
            return body.contentType();
        }

        @Override
        public long contentLength() throws IOException {
            return body.contentLength();
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            BufferedSink counted = Okio.buffer(new ForwardingSink(sink) {
                @Override
                public void write(Buffer source, long byteCount) throws IOException {
                    super.write(source, byteCount);
                    tag.addRequestBytes(byteCount);
                }
            });
            body.writeTo(counted);
            counted.emit();
        }
    }

    private static final class CountedResponseBody extends ResponseBody {
        private final ResponseBody body;
        private final BufferedSource source;

        CountedResponseBody(ResponseBody body, AttemptTag tag) {
            this.body = body;
            this.source = Okio.buffer(new ForwardingSource(body.source()) {
                @Override
                public long read(Buffer sink, long byteCount) throws IOException {
                    long read = super.read(sink, byteCount);
                    if (read > 0) {
                        tag.addResponseBytes(read);
                    }
                    return read;
                }
            });
        }

        @Override
        public MediaType contentType() {
            return body.contentType();
        }

        @Override
        public long contentLength() {
            return body.contentLength();
        }

        @Override
        public BufferedSource source() {
            return source;
        }
    }
}
