package io.quarry.core.testing;

import java.util.Arrays;

/** A private record of a package other than the SDK's, to decode: its constructor is not reachable without access. */
public final class PrivateRecords {

    private static volatile boolean adaptedOnLastCall;

    private PrivateRecords() {}

    private record Hidden(String name) {
        Hidden {
            adaptedOnLastCall = Arrays.stream(new Throwable().getStackTrace())
                    .anyMatch(frame -> frame.getMethodName().equals("invokeWithArguments"));
        }
    }

    /** @return the private record's class */
    public static Class<?> type() {
        return Hidden.class;
    }

    /** @return whether the last record made was reached through Jackson's per-call adaptation of its constructor */
    public static boolean adaptedOnLastCall() {
        return adaptedOnLastCall;
    }
}
