package io.quarry.benchmarks.coldstart;

import java.util.List;

/** What a child runs: Quarry (over plain http alone, or with an https fallback host) or the raw baseline. */
enum Client {
    /** Quarry with the canned server as its only host: plain http, so it sets up no TLS. */
    QUARRY("quarry", QuarryFirstSearch.class),
    /**
     * Quarry with an https fallback host that is never called (the canned server answers first): it sets up TLS as
     * a client of the service does, and as the raw client always does.
     */
    QUARRY_TLS("quarry-tls", QuarryFirstSearch.class),
    /** OkHttp and Jackson by hand. */
    RAW("raw", RawFirstSearch.class);

    /**
     * The https fallback host of {@link #QUARRY_TLS}. An address, not a name: the raw client parses no host name
     * either (a first name costs OkHttp's IDNA table, some 15 ms, which a client of the service pays whichever it is).
     */
    static final String HTTPS_FALLBACK = "https://127.0.0.1:9";

    private final String label;
    private final Class<?> program;

    Client(String label, Class<?> program) {
        this.label = label;
        this.program = program;
    }

    /** {@return the name in tables and files} */
    String label() {
        return label;
    }

    /** {@return the child program} */
    Class<?> program() {
        return program;
    }

    /**
     * {@return the program's arguments}
     *
     * @param serverUrl the canned server
     */
    List<String> args(String serverUrl) {
        return this == QUARRY_TLS ? List.of(serverUrl, HTTPS_FALLBACK) : List.of(serverUrl);
    }
}
