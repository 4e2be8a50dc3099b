package io.quarry.core.internal;

import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * What {@code io.quarry.core.spi} reaches of a client's transport without public API: the public classes install
 * their part once, when they initialise, which is before any instance of them exists. Typed {@code Object} so that
 * this class needs neither of them, and no class reaches itself through another package.
 */
public final class CoreBridge {

    /** From an {@code ApiClient}: a composite call of it counted in flight, or null once it closes. */
    private static volatile Function<Object, CompositeAdmission> composites;
    /** Sets an {@code ApiRequest}'s composite call. */
    private static volatile BiConsumer<Object, CompositeAdmission> admissions;

    private CoreBridge() {}

    /**
     * Installs how a client counts a composite call in; called by {@code ApiClient} only.
     *
     * @param admitComposite the client's {@link HttpTransport#admitComposite()}
     */
    public static void composites(Function<Object, CompositeAdmission> admitComposite) {
        composites = admitComposite;
    }

    /**
     * Installs how a request is made part of a composite call; called by {@code ApiRequest} only.
     *
     * @param admit sets the request's composite call
     */
    public static void admissions(BiConsumer<Object, CompositeAdmission> admit) {
        admissions = admit;
    }

    /**
     * Counts a composite call of the client in flight.
     *
     * @param client the {@code ApiClient}
     * @return the composite call's admission, or null once the client's {@code close()} has begun
     */
    public static CompositeAdmission admitComposite(Object client) {
        return composites.apply(client);
    }

    /**
     * Makes a request part of an admitted composite call.
     *
     * @param request   the {@code ApiRequest}
     * @param admission the composite call's admission, or null for none
     */
    public static void admit(Object request, CompositeAdmission admission) {
        admissions.accept(request, admission);
    }
}
