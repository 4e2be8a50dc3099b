package io.quarry.search.internal;

import io.quarry.core.RequestOptions;

/** Layers per-call options over the options a client view carries (such as a mapped user's header). */
public final class RequestOptionsMerge {

    private RequestOptionsMerge() {
    }

    /**
     * The base options overridden by the call's.
     *
     * @param base  the view's options
     * @param extra the call's options, or null
     * @return the merged options
     */
    public static RequestOptions merge(RequestOptions base, RequestOptions extra) {
        if (extra == null || extra == RequestOptions.none()) {
            return base;
        }
        if (base == RequestOptions.none()) {
            return extra;
        }
        RequestOptions.Builder merged = base.toBuilder();
        extra.headers().forEach(merged::header);
        extra.queryParameters().forEach(merged::queryParameter);
        extra.connectTimeout().ifPresent(merged::connectTimeout);
        extra.readTimeout().ifPresent(merged::readTimeout);
        extra.writeTimeout().ifPresent(merged::writeTimeout);
        return merged.build();
    }
}
