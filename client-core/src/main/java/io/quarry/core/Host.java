package io.quarry.core;

import io.quarry.core.internal.ClassPathCheck;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import okhttp3.HttpUrl;

/**
 * One host a client may call: scheme, host name, port, an optional base path and the call types it serves.
 *
 * <p>Build one from a URL: {@code Host.of("https://my-app-dsn.example.net")} serves both call types;
 * {@code Host.of("http://127.0.0.1:8080", CallType.READ)} only reads. A base path (for example the
 * crawler's {@code /api/1}) is prefixed to every endpoint path. Plain {@code http} is accepted here; the
 * client configuration refuses it unless the host is loopback or insecure HTTP was allowed explicitly.
 *
 * @param scheme    {@code https} or {@code http}
 * @param hostname  host name or IP literal, without brackets
 * @param port      TCP port
 * @param basePath  path prefix without trailing slash, {@code ""} for none
 * @param callTypes the call types this host serves, not empty
 */
public record Host(String scheme, String hostname, int port, String basePath, Set<CallType> callTypes) {

    /**
     * Validates and normalises the parts.
     *
     * @param scheme see the record description
     * @param hostname see the record description
     * @param port see the record description
     * @param basePath see the record description
     * @param callTypes see the record description
     * @throws IllegalArgumentException if a part is invalid
     */
    public Host {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(hostname, "hostname");
        Objects.requireNonNull(basePath, "basePath");
        Objects.requireNonNull(callTypes, "callTypes");
        scheme = scheme.toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http")) {
            throw new IllegalArgumentException("host scheme must be https or http, got: " + scheme);
        }
        if (hostname.isBlank()) {
            throw new IllegalArgumentException("host name must not be blank");
        }
        if (hostname.startsWith("[") && hostname.endsWith("]")) {
            hostname = hostname.substring(1, hostname.length() - 1);
        }
        hostname = hostname.toLowerCase(Locale.ROOT);
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
        while (basePath.endsWith("/")) {
            basePath = basePath.substring(0, basePath.length() - 1);
        }
        if (!basePath.isEmpty() && !basePath.startsWith("/")) {
            throw new IllegalArgumentException("base path must start with '/': " + basePath);
        }
        if (callTypes.isEmpty()) {
            throw new IllegalArgumentException("a host must serve at least one call type");
        }
        callTypes = Set.copyOf(EnumSet.copyOf(callTypes));
    }

    /**
     * A host serving the given call types (both when none are given), parsed from a URL such as
     * {@code https://name.example.net}, {@code http://localhost:8080} or {@code https://crawler.example.net/api/1}.
     *
     * @param url       absolute URL; default ports 443/80 apply when absent; no query or fragment
     * @param callTypes the call types served; empty means both
     * @return the host
     * @throws IllegalArgumentException if the URL is not a usable host URL
     * @throws ConfigurationException if a library OkHttp needs is too old to parse it
     */
    public static Host of(String url, CallType... callTypes) {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(callTypes, "callTypes");
        // OkHttp's own parsing: the URL as the client will call it (IDN names in punycode, '_' in names as Docker
        // Compose and Kubernetes services have them, IPv6 literals, default ports)
        HttpUrl parsed;
        try {
            parsed = HttpUrl.parse(url);
        } catch (LinkageError oldLibrary) {
            ClassPathCheck.requireCompatible(); // names the library OkHttp needs, when one is too old
            throw oldLibrary;
        }
        if (parsed == null) {
            throw new IllegalArgumentException("not a valid host URL (http or https, with a host name): " + url);
        }
        if (parsed.query() != null
                || parsed.fragment() != null
                || !parsed.username().isEmpty()
                || !parsed.password().isEmpty()) {
            throw new IllegalArgumentException("host URL must not carry user info, query or fragment: " + url);
        }
        String path = parsed.encodedPath();
        Set<CallType> types =
                callTypes.length == 0 ? EnumSet.allOf(CallType.class) : EnumSet.copyOf(Arrays.asList(callTypes));
        return new Host(parsed.scheme(), parsed.host(), parsed.port(), path.equals("/") ? "" : path, types);
    }

    /**
     * An {@code https} host on port 443 serving the given call types (both when none are given).
     *
     * @param hostname  host name
     * @param callTypes the call types served; empty means both
     * @return the host
     * @throws NullPointerException naming {@code hostname} if it is null
     * @throws IllegalArgumentException if the name does not make a usable host URL
     */
    public static Host https(String hostname, CallType... callTypes) {
        Objects.requireNonNull(hostname, "hostname");
        return of("https://" + hostname, Objects.requireNonNull(callTypes, "callTypes"));
    }

    /**
     * Whether this host serves calls of the given type.
     *
     * @param type the call type
     * @return true if it does
     */
    public boolean serves(CallType type) {
        return callTypes.contains(Objects.requireNonNull(type, "type"));
    }

    /**
     * Whether the host name is a loopback name or address ({@code localhost}, {@code 127.x.x.x},
     * {@code ::1}); decided from the text alone, without DNS.
     *
     * @return true for loopback
     */
    public boolean isLoopback() {
        return hostname.equals("localhost")
                || hostname.endsWith(".localhost")
                || isLoopbackV4(hostname)
                || hostname.equals("::1")
                || hostname.equals("0:0:0:0:0:0:0:1");
    }

    /** {@code 127} and three more groups of 1 to 3 digits, read by hand: a regex costs a client's start time. */
    private static boolean isLoopbackV4(String name) {
        if (!name.startsWith("127.")) {
            return false;
        }
        int groups = 1;
        int digits = 0;
        for (int i = 4; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= '0' && c <= '9' && digits < 3) {
                digits++;
            } else if (c == '.' && digits > 0 && groups < 3) {
                groups++;
                digits = 0;
            } else {
                return false;
            }
        }
        return groups == 3 && digits > 0;
    }

    /**
     * The same host with another base path.
     *
     * @param path path prefix such as {@code /api/1}
     * @return a new host
     */
    public Host withBasePath(String path) {
        return new Host(scheme, hostname, port, path, callTypes);
    }

    /**
     * The same host serving other call types.
     *
     * @param types the call types, at least one
     * @return a new host
     */
    public Host withCallTypes(CallType... types) {
        return new Host(
                scheme,
                hostname,
                port,
                basePath,
                EnumSet.copyOf(Arrays.asList(Objects.requireNonNull(types, "types"))));
    }

    /**
     * Equal parts, as a record's generated {@code equals}; written out because the generated methods are linked
     * through {@code java.lang.invoke} on first use, which a client's creation (hosts are map keys) paid for in
     * start time.
     */
    @Override
    public boolean equals(Object other) {
        return other instanceof Host host
                && port == host.port
                && scheme.equals(host.scheme)
                && hostname.equals(host.hostname)
                && basePath.equals(host.basePath)
                && callTypes.equals(host.callTypes);
    }

    /** A hash of every part, consistent with {@link #equals}. */
    @Override
    public int hashCode() {
        int hash = scheme.hashCode();
        hash = 31 * hash + hostname.hashCode();
        hash = 31 * hash + port;
        hash = 31 * hash + basePath.hashCode();
        return 31 * hash + callTypes.hashCode();
    }

    /** Returns the URL of the host, for example {@code https://name.example.net/api/1}. */
    @Override
    public String toString() {
        String host = hostname.indexOf(':') >= 0 ? "[" + hostname + "]" : hostname;
        boolean defaultPort = (scheme.equals("https") && port == 443) || (scheme.equals("http") && port == 80);
        return scheme + "://" + host + (defaultPort ? "" : ":" + port) + basePath;
    }
}
