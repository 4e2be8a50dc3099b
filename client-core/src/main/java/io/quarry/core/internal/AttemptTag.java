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

    /** Network interceptor: runs only when the request is about to be written to a connection. */
    static final Interceptor SEND_MARK = chain -> {
        AttemptTag tag = chain.request().tag(KEY);
        if (tag != null) {
            tag.sent = true;
        }
        return chain.proceed(chain.request());
    };

    private final int connectMillis;
    private final int responseMillis;
    private volatile boolean sent;

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

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, d.toMillis()));
    }
}
