package io.quarry.core.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import kotlin.jvm.JvmClassMappingKt;
import kotlin.reflect.KClass;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * What one attempt tells OkHttp's interceptors, carried as one tag on the request: the timeouts the retry strategy
 * computed for the host ({@link #TIMEOUTS} makes them the ones the socket really uses), and a mark that
 * {@link #SEND_MARK} sets when the request goes to the network, so a write is known not to have reached the
 * service when it is still unset.
 */
final class AttemptTag {

    /**
     * The tag's key. OkHttp keys tags by Kotlin class; given a Java class, it makes a new Kotlin class reference
     * on every call, so the key is made once.
     */
    static final KClass<AttemptTag> KEY = JvmClassMappingKt.getKotlinClass(AttemptTag.class);

    /** Application interceptor applying the tagged timeouts to the call's connection and exchange. */
    static final Interceptor TIMEOUTS = new Interceptor() {
        @Override
        public Response intercept(Chain chain) throws IOException {
            AttemptTag tag = chain.request().tag(KEY);
            if (tag == null) {
                return chain.proceed(chain.request());
            }
            // only a timeout that differs from the client's needs a new chain
            Chain adjusted = chain;
            if (adjusted.connectTimeoutMillis() != tag.connectMillis) {
                adjusted = adjusted.withConnectTimeout(tag.connectMillis, TimeUnit.MILLISECONDS);
            }
            if (adjusted.readTimeoutMillis() != tag.responseMillis) {
                adjusted = adjusted.withReadTimeout(tag.responseMillis, TimeUnit.MILLISECONDS);
            }
            if (adjusted.writeTimeoutMillis() != tag.responseMillis) {
                adjusted = adjusted.withWriteTimeout(tag.responseMillis, TimeUnit.MILLISECONDS);
            }
            return adjusted.proceed(chain.request());
        }
    };

    /**
     * Network interceptor: runs only when the request is about to be written to a connection. For an observed call
     * it also counts the body bytes that go out and come in, as they cross the network (compressed if they are).
     */
    static final Interceptor SEND_MARK = chain -> {
        AttemptTag tag = chain.request().tag(KEY);
        if (tag == null) {
            return chain.proceed(chain.request());
        }
        tag.sent = true;
        return tag.countsBytes ? ByteCounting.proceed(chain, tag) : chain.proceed(chain.request());
    };

    private final int connectMillis;
    private final int responseMillis;
    private volatile boolean sent;
    private volatile boolean countsBytes;
    private volatile long requestBytes = -1;
    private volatile long responseBytes = -1;

    /**
     * @param connect  connect timeout
     * @param response timeout waiting for response bytes, and for sending request bytes
     */
    AttemptTag(Duration connect, Duration response) {
        this.connectMillis = millis(connect);
        this.responseMillis = millis(response);
    }

    /** @return whether the request went to the network, so the service may have received it */
    boolean maySendHaveHappened() {
        return sent;
    }

    /** Asks {@link #SEND_MARK} to count this try's body bytes (only observed calls pay for it). */
    void countBytes() {
        countsBytes = true;
    }

    /** @return the request body bytes sent, or -1 when none were (or not counted) */
    long requestBytes() {
        return requestBytes;
    }

    /** @return the response body bytes read so far, or -1 when no answer came (or not counted) */
    long responseBytes() {
        return responseBytes;
    }

    void addRequestBytes(long n) {
        requestBytes = Math.max(0, requestBytes) + n;
    }

    void addResponseBytes(long n) {
        responseBytes = Math.max(0, responseBytes) + n;
    }

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, d.toMillis()));
    }
}
