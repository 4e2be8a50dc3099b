package io.quarry.core.internal;

import io.quarry.core.Host;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import okhttp3.HttpUrl;

/**
 * The OkHttp URL of a try: a host's scheme, name and port are parsed once, and the URL of each path and query sent
 * to it is built once and then kept, since a URL is immutable and building one (parsing the host's URL again, then
 * canonicalising and decoding each path segment) costs some 0.9 KB and half a microsecond a try. A call repeating
 * a path, such as a search of one index, reuses its URL.
 *
 * <p>Paths holding a record ID are mostly sent once, so each host keeps at most {@value #MAX_KEPT} URLs and drops
 * them all when that bound is reached: a busy path is kept again by its next call.
 */
final class HostUrls {

    /** URLs kept per host. */
    static final int MAX_KEPT = 64;

    /**
     * By the transport's own host instances (the retry strategy hands calls the same ones), so that finding a host's
     * URLs hashes none of its parts; never changed after construction.
     */
    private final Map<Host, Kept> byHost;

    /** @param hosts the transport's hosts */
    HostUrls(List<Host> hosts) {
        IdentityHashMap<Host, Kept> kept = new IdentityHashMap<>();
        for (Host host : hosts) {
            kept.put(host, new Kept(host));
        }
        this.byHost = kept;
    }

    /**
     * The URL of a path and query on a host.
     *
     * @param host         one of the hosts given at construction
     * @param encodedPath  the encoded path, without the host's base path
     * @param encodedQuery the encoded query, or null
     * @return the URL
     */
    HttpUrl url(Host host, String encodedPath, String encodedQuery) {
        return byHost.get(host).url(encodedPath, encodedQuery);
    }

    /** {@return how many URLs are kept for the host (for tests)} */
    int keptFor(Host host) {
        return byHost.get(host).urls.size();
    }

    /** One host's parsed URL and the URLs of the paths sent to it. */
    private static final class Kept {
        private final String basePath;
        private final HttpUrl root;
        /** By path, or path, {@code ?} and query (a path is percent-encoded, so holds no {@code ?}). */
        private final Map<String, HttpUrl> urls = new ConcurrentHashMap<>();

        Kept(Host host) {
            this.basePath = host.basePath();
            this.root = new HttpUrl.Builder()
                    .scheme(host.scheme())
                    .host(host.hostname())
                    .port(host.port())
                    .build();
        }

        HttpUrl url(String encodedPath, String encodedQuery) {
            String key = encodedQuery == null ? encodedPath : encodedPath + '?' + encodedQuery;
            HttpUrl url = urls.get(key);
            if (url == null) {
                url = root.newBuilder()
                        .encodedPath(basePath + encodedPath)
                        .encodedQuery(encodedQuery)
                        .build();
                if (urls.size() >= MAX_KEPT) {
                    urls.clear();
                }
                urls.put(key, url);
            }
            return url;
        }
    }
}
