package io.quarry.core;

/**
 * Whether a call only reads or may change state on the service.
 *
 * <p>The call type selects the hosts a call may use and its default response timeout: {@link #READ}
 * calls go to the read host(s) and the fallbacks, {@link #WRITE} calls to the write host(s) and the
 * fallbacks. GETs and the POSTs that only read (search, multi-search, browse, facet search, get objects,
 * rule/synonym/dictionary/user-ID search) are {@code READ}; everything else is {@code WRITE}.
 */
public enum CallType {
    /** A call that only reads; uses the read hosts and the read timeout. */
    READ,
    /** A call that may change state; uses the write hosts and the write timeout. */
    WRITE
}
