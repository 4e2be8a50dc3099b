package io.quarry.core.internal;

import java.io.IOException;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Records whether a try got as far as sending its request: attached to the OkHttp request as a tag and set by
 * {@link #INTERCEPTOR}, a network interceptor, which OkHttp runs only once a connection is open. A failure
 * before that (refused, connect timeout, unknown host) certainly did not reach the service, so even a write
 * that is not safe to repeat can go to the next host.
 */
final class SendMark {

    /** Network interceptor marking the tagged try as possibly delivered before its bytes go out. */
    static final Interceptor INTERCEPTOR = chain -> {
        SendMark mark = chain.request().tag(SendMark.class);
        if (mark != null) {
            mark.sent = true;
        }
        return proceed(chain);
    };

    private volatile boolean sent;

    /** @return whether the request may have reached the service */
    boolean maySendHaveHappened() {
        return sent;
    }

    private static Response proceed(Interceptor.Chain chain) throws IOException {
        return chain.proceed(chain.request());
    }
}
