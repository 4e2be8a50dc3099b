package io.quarry.mockserver.internal.http;

import java.util.concurrent.CountDownLatch;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's handler while the server starts: Jetty starts on a thread of its own while the application is built, and
 * the {@link HttpFront} is handed over once it exists. A request that comes before (only a caller who knew the port
 * could send one) waits for it. A start that fails hands over nothing: waiting requests are then left to Jetty,
 * which is being stopped.
 */
public final class AwaitingFront extends Handler.Abstract {

    private final CountDownLatch handedOver = new CountDownLatch(1);
    private volatile HttpFront front;

    /** A handler with no front yet. */
    public AwaitingFront() {
        super(InvocationType.BLOCKING);
    }

    /**
     * Serves every request, those waiting included, with the front.
     *
     * @param front the application's front
     */
    public void serve(HttpFront front) {
        this.front = front;
        handedOver.countDown();
    }

    /** Lets waiting requests go without a front: the start failed. */
    public void abandon() {
        handedOver.countDown();
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        HttpFront served = front;
        if (served == null) {
            handedOver.await();
            served = front;
        }
        return served != null && served.handle(request, response, callback);
    }
}
