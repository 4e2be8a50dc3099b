package io.quarry.core.internal;

import io.quarry.core.ClientModule;
import io.quarry.core.internal.base.Versions;
import java.util.List;

/**
 * Builds the User-Agent: {@code Quarry for Java (<version>); JVM (<java.version>); <Module> (<version>)}
 * followed by the caller's segments, separated by {@code "; "}.
 */
public final class UserAgent {

    private UserAgent() {}

    /**
     * The User-Agent value.
     *
     * @param module   the client module
     * @param segments the caller's extra segments
     * @return the header value
     */
    public static String of(ClientModule module, List<String> segments) {
        StringBuilder ua = new StringBuilder("Quarry for Java (")
                .append(Versions.core())
                .append("); JVM (")
                .append(System.getProperty("java.version"))
                .append("); ")
                .append(module.name())
                .append(" (")
                .append(module.version())
                .append(')');
        for (String segment : segments) {
            ua.append("; ").append(segment);
        }
        return ua.toString();
    }
}
