package io.quarry.core.internal;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * The timeouts of one try, attached to the OkHttp request as a tag and applied by {@link #INTERCEPTOR}, so the
 * timeout the retry strategy computes for a host is the one the socket really uses.
 *
 * @param connect connect timeout
 * @param read    timeout waiting for response bytes
 * @param write   timeout sending request bytes
 */
record TryTimeouts(Duration connect, Duration read, Duration write) {

    /** Application interceptor applying the tagged timeouts to the call's connection and exchange. */
    static final Interceptor INTERCEPTOR = new Interceptor() {
        @Override
        public Response intercept(Chain chain) throws IOException {
            TryTimeouts timeouts = chain.request().tag(TryTimeouts.class);
            if (timeouts == null) {
                return chain.proceed(chain.request());
            }
            // only a timeout that differs from the client's needs a new chain
            Chain adjusted = chain;
            int connect = millis(timeouts.connect());
            if (adjusted.connectTimeoutMillis() != connect) {
                adjusted = adjusted.withConnectTimeout(connect, TimeUnit.MILLISECONDS);
            }
            int read = millis(timeouts.read());
            if (adjusted.readTimeoutMillis() != read) {
                adjusted = adjusted.withReadTimeout(read, TimeUnit.MILLISECONDS);
            }
            int write = millis(timeouts.write());
            if (adjusted.writeTimeoutMillis() != write) {
                adjusted = adjusted.withWriteTimeout(write, TimeUnit.MILLISECONDS);
            }
            return adjusted.proceed(chain.request());
        }
    };

    private static int millis(Duration d) {
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, d.toMillis()));
    }
}
