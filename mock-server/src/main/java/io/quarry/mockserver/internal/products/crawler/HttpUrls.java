package io.quarry.mockserver.internal.products.crawler;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * The absolute http(s) URLs a crawler takes, read as a browser reads them: a host written in another script than
 * Latin ({@code https://bücher.example/}) stands for its ASCII form ({@code xn--bcher-kva.example}), which
 * {@link URI} alone does not see as a host at all; a host name with characters beyond letters, digits, {@code -}
 * and {@code .} that RFC 3986 allows ({@code my_host.example}) is a host too, though {@link URI} keeps it as a
 * "registry" authority ({@link #host}); a port must be one TCP has.
 */
final class HttpUrls {

    /**
     * The longest URL a crawl takes, in characters: what common web servers read in a request line, so a longer
     * one could seldom be fetched. A crawl matches each URL against every pattern of its configuration, at a cost
     * that grows with the URL's length ({@link PatternBudget}).
     */
    static final int MAX_LENGTH = 8192;

    /** The largest TCP port: a URL naming a larger one is no URL, and fetching it could only fail. */
    static final int MAX_PORT = 65_535;

    private HttpUrls() {}

    /**
     * {@return the URL with an ASCII host, or {@code null} when it is no absolute http or https URL}
     *
     * @param url a URL as written
     */
    static URI parse(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() == null && uri.getRawAuthority() != null) {
                uri = withAsciiHost(uri);
            }
            if (uri == null || uri.getScheme() == null || host(uri) == null || uri.getPort() > MAX_PORT) {
                return null;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            return scheme.equals("http") || scheme.equals("https") ? uri : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null; // IllegalArgumentException: a host that has no ASCII form
        }
    }

    /**
     * {@return the host of a URL {@link #parse} took, or {@code null} when it has none} {@link URI} reads a host only
     * when it is an IP address or a name of letters, digits, {@code -} and {@code .}; any other authority it keeps
     * whole, having checked its characters, and this reads it as RFC 3986 writes one:
     * {@code [userinfo@]host[:port]}, the host a registered name (letters, digits, {@code -._~!$&'()*+,;=} and
     * {@code %} escapes) and the port digits, at most {@value #MAX_PORT}.
     *
     * @param uri an absolute URI
     */
    static String host(URI uri) {
        if (uri.getHost() != null) {
            return uri.getHost();
        }
        String authority = uri.getRawAuthority();
        if (authority == null) {
            return null;
        }
        int at = authority.lastIndexOf('@');
        if (at > 0 && authority.lastIndexOf('@', at - 1) >= 0) {
            return null; // a user info holds no @
        }
        String hostAndPort = authority.substring(at + 1);
        int colon = hostAndPort.indexOf(':');
        String host = colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
        String port = colon < 0 ? "" : hostAndPort.substring(colon + 1);
        return isRegisteredName(host) && isPort(port) ? host : null;
    }

    /** RFC 3986's reg-name, not empty: an http URL needs a host. */
    private static boolean isRegisteredName(String host) {
        if (host.isEmpty()) {
            return false;
        }
        for (int i = 0; i < host.length(); i++) {
            char c = host.charAt(i);
            if (c == '%') {
                if (i + 2 >= host.length() || !isHexDigit(host.charAt(i + 1)) || !isHexDigit(host.charAt(i + 2))) {
                    return false;
                }
                i += 2;
            } else if (!((c >= 'a' && c <= 'z')
                    || (c >= 'A' && c <= 'Z')
                    || (c >= '0' && c <= '9')
                    || "-._~!$&'()*+,;=".indexOf(c) >= 0)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isHexDigit(char c) {
        return "0123456789abcdefABCDEF".indexOf(c) >= 0;
    }

    /** Digits, or none (the scheme's port), naming at most {@value #MAX_PORT}. */
    private static boolean isPort(String port) {
        if (port.length() > 5) {
            return false;
        }
        for (int i = 0; i < port.length(); i++) {
            if (port.charAt(i) < '0' || port.charAt(i) > '9') {
                return false;
            }
        }
        return port.isEmpty() || Integer.parseInt(port) <= MAX_PORT;
    }

    /**
     * {@return the authority of a URL {@link #parse} took as browsers compare URLs: the host in lower case, without
     * the scheme's default port (80 for http, 443 for https)} The user info stays as written.
     *
     * @param uri the URL
     */
    static String comparableAuthority(URI uri) {
        String raw = uri.getRawAuthority();
        String userInfo = raw.substring(0, raw.lastIndexOf('@') + 1);
        String hostAndPort = raw.substring(userInfo.length());
        int colon = hostAndPort.lastIndexOf(':');
        if (colon < hostAndPort.lastIndexOf(']')) {
            colon = -1; // a colon of an IPv6 address, no port
        }
        String host = colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
        String port = colon < 0 ? "" : hostAndPort.substring(colon + 1);
        int defaultPort = uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        boolean keepPort = !port.isEmpty() && Integer.parseInt(port) != defaultPort;
        return userInfo + host.toLowerCase(Locale.ROOT) + (keepPort ? ":" + Integer.parseInt(port) : "");
    }

    /**
     * {@return an absolute path with its {@code .} and {@code ..} segments resolved as RFC 3986 resolves them: as a
     * browser requests {@code /docs/../blog/} (as {@code /blog/}); a {@code ..} above the root is dropped, and empty
     * segments ({@code //}) stay, unlike {@link URI#normalize()}}
     *
     * @param path a raw path starting with {@code /}
     */
    static String withoutDotSegments(String path) {
        String[] segments = path.split("/", -1);
        Deque<String> kept = new ArrayDeque<>();
        for (int i = 1; i < segments.length; i++) {
            String segment = segments[i];
            if (segment.equals("..")) {
                kept.pollLast();
            } else if (!segment.equals(".")) {
                kept.addLast(segment);
                continue;
            }
            if (i == segments.length - 1) {
                kept.addLast(""); // "/a/b/.." is "/a/": a dot segment last leaves the slash before it
            }
        }
        return "/" + String.join("/", kept);
    }

    /**
     * {@return where a reference found on a page leads, or {@code null} when that is no absolute http(s) URL}
     *
     * @param base the page's URL, an absolute http(s) URL
     * @param reference a link or a redirect's {@code Location}, absolute or relative
     */
    static String resolve(String base, String reference) {
        URI page = parse(base);
        if (page == null) {
            return null;
        }
        try {
            URI resolved = page.resolve(reference.trim());
            return parse(resolved.toString()) == null ? null : resolved.toString();
        } catch (IllegalArgumentException e) {
            return null; // not a URI reference
        }
    }

    /**
     * {@return a URL pattern with the host of its {@code scheme://} part in ASCII, or as it is when that host is
     * ASCII already or has no ASCII form}
     *
     * @param pattern a URL pattern ({@link Glob}), possibly with a leading {@code !}
     */
    static String withAsciiHost(String pattern) {
        int scheme = pattern.indexOf("://");
        if (scheme < 0) {
            return pattern;
        }
        int from = scheme + 3;
        int end = from;
        while (end < pattern.length() && "/?#".indexOf(pattern.charAt(end)) < 0) {
            end++;
        }
        String authority = pattern.substring(from, end);
        if (authority.chars().allMatch(c -> c < 0x80)) {
            return pattern;
        }
        int hostFrom = authority.lastIndexOf('@') + 1;
        int colon = authority.lastIndexOf(':');
        int hostEnd = colon > hostFrom ? colon : authority.length();
        try {
            String host = IDN.toASCII(authority.substring(hostFrom, hostEnd), IDN.ALLOW_UNASSIGNED);
            return pattern.substring(0, from + hostFrom) + host + pattern.substring(from + hostEnd);
        } catch (IllegalArgumentException e) {
            return pattern;
        }
    }

    /** The URI again with its authority's host in ASCII, or null when the authority has no such host. */
    private static URI withAsciiHost(URI uri) throws URISyntaxException {
        String authority = uri.getRawAuthority();
        int at = authority.lastIndexOf('@');
        String userInfo = at < 0 ? "" : authority.substring(0, at + 1);
        String hostAndPort = authority.substring(at + 1);
        int colon = hostAndPort.lastIndexOf(':');
        String host = colon < 0 ? hostAndPort : hostAndPort.substring(0, colon);
        String port = colon < 0 ? "" : hostAndPort.substring(colon);
        if (host.isEmpty() || host.startsWith("[") || uri.getScheme() == null) {
            return null;
        }
        StringBuilder ascii = new StringBuilder()
                .append(uri.getScheme())
                .append("://")
                .append(userInfo)
                .append(IDN.toASCII(host, IDN.ALLOW_UNASSIGNED))
                .append(port)
                .append(uri.getRawPath() == null ? "" : uri.getRawPath());
        if (uri.getRawQuery() != null) {
            ascii.append('?').append(uri.getRawQuery());
        }
        if (uri.getRawFragment() != null) {
            ascii.append('#').append(uri.getRawFragment());
        }
        return new URI(ascii.toString());
    }
}
