package io.quarry.core.internal;

import io.quarry.core.ApiClient;
import io.quarry.core.ApiRequest;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What {@code io.quarry.core.spi} reaches of a client's transport without public API: each side installs its part
 * once, when its class initialises, which is before any instance of it exists.
 */
public final class CoreBridge {

    private static volatile Function<ApiClient, HttpTransport> transports;
    private static volatile BiConsumer<ApiRequest, CompositeAdmission> admissions;

    private CoreBridge() {}

    /**
     * Installs how a client's transport is found; called by {@link ApiClient} only.
     *
     * @param transportOf the client's transport
     */
    public static void transports(Function<ApiClient, HttpTransport> transportOf) {
        transports = transportOf;
    }

    /**
     * Installs how a request is made part of a composite call; called by {@link ApiRequest} only.
     *
     * @param admit sets the request's composite call
     */
    public static void admissions(BiConsumer<ApiRequest, CompositeAdmission> admit) {
        admissions = admit;
    }

    /**
     * Counts a composite call of the client in flight.
     *
     * @param client the client
     * @return the composite call's admission, or null once the client's {@code close()} has begun
     */
    public static CompositeAdmission admitComposite(ApiClient client) {
        return transports.apply(client).admitComposite();
    }

    /**
     * Makes a request part of an admitted composite call.
     *
     * @param request   the request
     * @param admission the composite call's admission, or null for none
     */
    public static void admit(ApiRequest request, CompositeAdmission admission) {
        admissions.accept(request, admission);
    }
}
