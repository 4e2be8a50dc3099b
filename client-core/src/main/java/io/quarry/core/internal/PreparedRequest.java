package io.quarry.core.internal;

import io.quarry.core.Endpoint;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.ObservedCall;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.IntConsumer;

/**
 * A request ready to send to any host: the endpoint, its expanded and encoded path, the encoded query, the
 * body and the options. Built once per call, before any I/O.
 *
 * @param endpoint     the endpoint
 * @param encodedPath  the expanded path, percent-encoded, without the host's base path
 * @param logPath      the same path with key placeholders masked, for logs
 * @param encodedQuery the encoded query string, or null
 * @param body         the value serialised as the JSON body, or null for none
 * @param options      the per-request options
 * @param keptMembers  the generated members the answer's hits keep (see
 *                     {@link io.quarry.core.ApiRequest#generatedMembersKept}), or null for every one
 * @param notSafeToRepeat whether a second delivery could apply the write twice (see
 *                     {@link io.quarry.core.ApiRequest#notSafeToRepeat()})
 * @param notSafeToRepeatAsWritten whether the body as written so far makes a second delivery unsafe, asked once a try
 *                     failed (see {@link io.quarry.core.ApiRequest#notSafeToRepeatIf}); null when the flag decides alone
 * @param pathParameters the path parameters, for a call observer to find the index in
 * @param parent       the composite call this request is part of, or null
 * @param records      how many records the request writes, for observers; 0 when it writes none or does not say
 * @param roundListener told the number of each new round of the call (see {@link io.quarry.core.ApiRequest#onRound}),
 *                     or null
 * @param admission    the composite call admitted before {@code close()} that this request is part of, or null
 */
public record PreparedRequest(
        Endpoint endpoint,
        String encodedPath,
        String logPath,
        String encodedQuery,
        Object body,
        RequestOptions options,
        KeptMembers keptMembers,
        boolean notSafeToRepeat,
        BooleanSupplier notSafeToRepeatAsWritten,
        Map<String, Object> pathParameters,
        ObservedCall parent,
        int records,
        IntConsumer roundListener,
        CompositeAdmission admission) {

    /**
     * A request whose kept members are named as {@link io.quarry.core.ApiRequest#generatedMembersKept} takes them
     * (the public side names no internal type).
     *
     * @param endpoint     the endpoint
     * @param encodedPath  the expanded path, percent-encoded
     * @param logPath      the path with key placeholders masked
     * @param encodedQuery the encoded query string, or null
     * @param body         the body, or null
     * @param options      the per-request options
     * @param keptMembers  the names of the generated members kept, one set for every hit or one per result; null
     *                     for every member
     * @param howToAsk     how the module asks for each member, by name (see
     *                     {@link io.quarry.core.ApiRequest#generatedMembersKept}); null with no kept members
     * @param notSafeToRepeat whether a second delivery could apply the write twice
     * @param notSafeToRepeatAsWritten whether the body as written makes a second delivery unsafe, or null
     * @param pathParameters the path parameters
     * @param parent       the composite call this request is part of, or null
     * @param records      how many records the request writes
     * @param roundListener told the number of each new round, or null
     * @param admission    the composite call admitted before {@code close()}, or null
     */
    public PreparedRequest(
            Endpoint endpoint,
            String encodedPath,
            String logPath,
            String encodedQuery,
            Object body,
            RequestOptions options,
            List<Set<String>> keptMembers,
            Map<String, String> howToAsk,
            boolean notSafeToRepeat,
            BooleanSupplier notSafeToRepeatAsWritten,
            Map<String, Object> pathParameters,
            ObservedCall parent,
            int records,
            IntConsumer roundListener,
            CompositeAdmission admission) {
        this(
                endpoint,
                encodedPath,
                logPath,
                encodedQuery,
                body,
                options,
                keptMembers == null ? null : KeptMembers.of(keptMembers, howToAsk == null ? Map.of() : howToAsk),
                notSafeToRepeat,
                notSafeToRepeatAsWritten,
                pathParameters,
                parent,
                records,
                roundListener,
                admission);
    }
}
