package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.quarry.mockserver.testing.CrawlerRuns;
import io.quarry.mockserver.testing.LoopbackSite;
import io.quarry.mockserver.testing.TestClient;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Seeded random sites crawled with seeded random configurations: the records each action's index holds after a
 * reindex are exactly the pages a crawl of that configuration reaches and the action takes, as worked out here
 * apart from the mock server (links followed from the start URL when some action's paths take them and no
 * exclusion does, breadth first, {@code maxDepth}, {@code maxUrls}, ignored query parameters, file types,
 * selectors, {@code !} exceptions).
 * {@code -Dquarry.crawler.randomSites=N} crawls more sites, {@code -Dquarry.crawler.seed=S} another seed.
 */
class CrawlerRandomSiteHttpTest {

    private static final long SEED = Long.getLong("quarry.crawler.seed", 0xC4A3_5173L);
    private static final int SITES = Integer.getInteger("quarry.crawler.randomSites", 6);

    private static final List<String> SEGMENTS = List.of("docs", "blog", "a", "b", "private", "keep");
    private static final List<String> LINK_SUFFIXES =
            List.of("", "", "?utm_source=x", "?id=1", "?utm_id=2&id=3", "#part", "?utm_x=1#part");
    private static final List<String> SELECTORS = List.of("article", "!.draft", ".draft", "h1");
    private static final List<String> IGNORED = List.of("utm_*", "!utm_id", "id", "utm_?", "!id");

    /** The site's pages by path: HTML, or a PDF when the path ends with {@code .pdf}. */
    private static final Map<String, String> PAGES = new LinkedHashMap<>();

    private static final HttpServer SITE = LoopbackSite.start(null, exchange -> {
        String page = PAGES.get(exchange.getRequestURI().getPath());
        byte[] body = (page == null ? "" : page).getBytes(StandardCharsets.UTF_8);
        boolean pdf = exchange.getRequestURI().getPath().endsWith(".pdf");
        exchange.getResponseHeaders().set("Content-Type", pdf ? "application/pdf" : "text/html; charset=utf-8");
        exchange.sendResponseHeaders(page == null ? 404 : 200, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        } catch (IOException e) {
            // the crawler went away
        }
    });
    private static final MockServer SERVER = MockServer.builder().start();
    private static final CrawlerRuns RUNS = new CrawlerRuns(new TestClient(SERVER));

    /** Links of each HTML page, as written in its {@code href}s. */
    private final Map<String, List<String>> links = new LinkedHashMap<>();
    /** Whether each HTML page has an {@code <article>}, a {@code .draft}, an {@code <h1>}. */
    private final Map<String, Set<String>> elements = new LinkedHashMap<>();

    @AfterAll
    static void stop() {
        SERVER.close();
        SITE.stop(0);
    }

    private static String base() {
        return "http://127.0.0.1:" + SITE.getAddress().getPort();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void eachIndexHoldsThePagesItsActionTakesAmongThoseTheCrawlReaches() throws InterruptedException {
        Random random = new Random(SEED);
        for (int site = 0; site < SITES; site++) {
            makeSite(random);
            Config config = Config.random(random, new ArrayList<>(PAGES.keySet()), "r" + site + "_");
            String context = "seed " + SEED + ", site " + site + ": " + PAGES.keySet() + " linked " + links + " with "
                    + elements + ", configuration " + config.json();

            String id = RUNS.reindexed(config.json());

            Map<Integer, Set<String>> expected = expectedRecords(config);
            long taken =
                    expected.values().stream().flatMap(Set::stream).distinct().count();
            for (int action = 0; action < config.actions.size(); action++) {
                assertThat(RUNS.urlsIn(config.index(action)))
                        .as(context + ", action " + action)
                        .isEqualTo(expected.get(action));
            }
            assertThat(RUNS.count(id, "DONE", "success")).as(context).isEqualTo(taken);
        }
    }

    private void makeSite(Random random) {
        PAGES.clear();
        links.clear();
        elements.clear();
        List<String> paths = new ArrayList<>(List.of("/"));
        int count = 4 + random.nextInt(8);
        while (paths.size() < count) {
            StringBuilder path = new StringBuilder();
            int depth = 1 + random.nextInt(4);
            for (int d = 0; d < depth; d++) {
                path.append('/').append(pick(random, SEGMENTS));
            }
            if (random.nextInt(6) == 0) {
                path.append(".pdf");
            }
            if (!paths.contains(path.toString())) {
                paths.add(path.toString());
            }
        }
        for (String path : paths) {
            if (path.endsWith(".pdf")) {
                PAGES.put(path, "%PDF-1.4 not really");
                continue;
            }
            List<String> hrefs = new ArrayList<>();
            int linkCount = random.nextInt(5);
            for (int l = 0; l < linkCount; l++) {
                String target = random.nextInt(8) == 0 ? "/missing" + l : pick(random, paths);
                String dots = pick(random, List.of("", "", "/.", "/" + pick(random, SEGMENTS) + "/.."));
                hrefs.add((random.nextBoolean() ? base() : "") + dots + target + pick(random, LINK_SUFFIXES));
            }
            Set<String> present = new TreeSet<>();
            SELECTORS.stream()
                    .filter(s -> !s.startsWith("!") && random.nextBoolean())
                    .forEach(present::add);
            links.put(path, hrefs);
            elements.put(path, present);
            PAGES.put(path, html(hrefs, present));
        }
    }

    private static String html(List<String> hrefs, Set<String> present) {
        StringBuilder body = new StringBuilder("<html><head><title>t</title></head><body>");
        if (present.contains("h1")) {
            body.append("<h1>Heading</h1>");
        }
        body.append(present.contains("article") ? "<article>" : "<section>");
        if (present.contains(".draft")) {
            body.append("<div class='draft'>draft</div>");
        }
        hrefs.forEach(href -> body.append("<a href='").append(href).append("'>link</a> "));
        body.append(present.contains("article") ? "</article>" : "</section>");
        return body.append("</body></html>").toString();
    }

    /** The crawl worked out apart from the mock server: action number to the URLs of its records. */
    private Map<Integer, Set<String>> expectedRecords(Config config) {
        Map<Integer, Set<String>> records = new LinkedHashMap<>();
        for (int action = 0; action < config.actions.size(); action++) {
            records.put(action, new TreeSet<>());
        }
        Deque<String> queue = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        for (String start : config.startUrls) {
            String url = config.normalized(base() + start.substring(start.indexOf('/', "http://".length())));
            if (seen.add(url)) {
                queue.add(url);
            }
        }
        int fetched = 0;
        while (!queue.isEmpty()) {
            String url = queue.poll();
            String path = pathOf(url);
            if (config.excluded(url) || (config.maxDepth > 0 && depth(path) > config.maxDepth)) {
                continue;
            }
            if (config.maxUrls > 0 && fetched >= config.maxUrls) {
                continue;
            }
            fetched++;
            if (!PAGES.containsKey(path)) {
                continue;
            }
            for (String href : links.getOrDefault(path, List.of())) {
                String link = config.normalized(href.startsWith("/") ? base() + href : href);
                if (seen.add(link) && !config.excluded(link) && config.someActionPathsTake(link)) {
                    queue.add(link);
                }
            }
            for (int action = 0; action < config.actions.size(); action++) {
                if (config.actions.get(action).takes(url, path, elements.get(path))) {
                    records.get(action).add(url);
                }
            }
        }
        return records;
    }

    /** The site's URL with its path's {@code .} and {@code ..} segments resolved (this site's links use no others). */
    private static String withoutDotSegments(String url) {
        String rest = url.substring(base().length());
        int query = rest.indexOf('?');
        String path = query < 0 ? rest : rest.substring(0, query);
        Deque<String> kept = new ArrayDeque<>();
        for (String segment : path.substring(1).split("/", -1)) {
            if (segment.equals("..")) {
                kept.pollLast();
            } else if (!segment.equals(".")) {
                kept.addLast(segment);
            }
        }
        return base() + "/" + String.join("/", kept) + (query < 0 ? "" : rest.substring(query));
    }

    private static String pathOf(String url) {
        String rest = url.substring(base().length());
        int query = rest.indexOf('?');
        return query < 0 ? rest : rest.substring(0, query);
    }

    private static int depth(String path) {
        return Math.max(1, (int)
                List.of(path.split("/")).stream().filter(s -> !s.isEmpty()).count());
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    /** A random configuration: its JSON and its meaning. */
    private record Config(
            String prefix,
            List<String> startUrls,
            List<String> exclusions,
            List<String> ignored,
            int maxDepth,
            int maxUrls,
            List<Action> actions) {

        static Config random(Random random, List<String> paths, String prefix) {
            List<Action> actions = new ArrayList<>();
            int count = 1 + random.nextInt(2);
            for (int a = 0; a < count; a++) {
                actions.add(Action.random(random, paths));
            }
            List<String> startUrls = new ArrayList<>(List.of(base() + "/"));
            if (random.nextBoolean()) {
                // another page, or the first again as a browser would read it the same
                String other = random.nextBoolean() ? pick(random, paths) : "/./";
                startUrls.add(pick(
                                random,
                                List.of(
                                        base(),
                                        "HTTP://127.0.0.1:" + SITE.getAddress().getPort()))
                        + other);
            }
            return new Config(
                    prefix,
                    startUrls,
                    patterns(random, paths, random.nextInt(3)),
                    random.nextBoolean() ? List.of() : List.of(pick(random, IGNORED), pick(random, IGNORED)),
                    random.nextInt(4),
                    random.nextInt(3) == 0 ? 1 + random.nextInt(6) : 0,
                    actions);
        }

        String index(int action) {
            return prefix + "idx" + action;
        }

        String json() {
            String actionsJson = IntStream.range(0, actions.size())
                    .mapToObj(a -> actions.get(a).json("idx" + a))
                    .collect(Collectors.joining(", "));
            return "{\"appId\": \"QUARRYMOCK\", \"rateLimit\": 2, \"indexPrefix\": \"" + prefix + "\","
                    + " \"startUrls\": " + quoted(startUrls) + ", \"exclusionPatterns\": " + quoted(exclusions)
                    + ", \"ignoreQueryParams\": " + quoted(ignored)
                    + (maxDepth > 0 ? ", \"maxDepth\": " + maxDepth : "")
                    + (maxUrls > 0 ? ", \"maxUrls\": " + maxUrls : "") + ", \"actions\": [" + actionsJson + "]}";
        }

        /** The URL without fragment, dot segments and ignored query parameters, as a browser reads its link. */
        String normalized(String url) {
            int hash = url.indexOf('#');
            String bare = withoutDotSegments(hash < 0 ? url : url.substring(0, hash));
            int question = bare.indexOf('?');
            if (question < 0) {
                return bare;
            }
            List<String> kept = new ArrayList<>();
            for (String pair : bare.substring(question + 1).split("&")) {
                if (ignored.isEmpty() || !selects(ignored, pair.split("=", 2)[0])) {
                    kept.add(pair);
                }
            }
            return bare.substring(0, question) + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
        }

        boolean excluded(String url) {
            return !exclusions.isEmpty() && selects(exclusions, url);
        }

        boolean someActionPathsTake(String url) {
            return actions.stream().anyMatch(action -> action.pathsTake(url));
        }
    }

    /** A random action: which pages it takes. */
    private record Action(List<String> paths, List<String> selectors, List<String> fileTypes) {

        static Action random(Random random, List<String> sitePaths) {
            List<String> selectors = new ArrayList<>();
            if (random.nextInt(3) == 0) {
                selectors.add(pick(random, SELECTORS));
                selectors.add(pick(random, SELECTORS));
            }
            List<String> fileTypes = random.nextInt(4) == 0 ? List.of("html") : List.of();
            return new Action(patterns(random, sitePaths, random.nextInt(4)), selectors, fileTypes);
        }

        String json(String indexName) {
            return "{\"indexName\": \"" + indexName + "\", \"pathsToMatch\": " + quoted(paths)
                    + ", \"selectorsToMatch\": " + quoted(selectors) + ", \"fileTypesToMatch\": " + quoted(fileTypes)
                    + ", \"recordExtractor\": {\"__type\": \"function\", \"source\": \"() => []\"}}";
        }

        boolean pathsTake(String url) {
            return paths.isEmpty() || selects(paths, url);
        }

        boolean takes(String url, String path, Set<String> present) {
            boolean pdf = path.endsWith(".pdf");
            if (!pathsTake(url) || (pdf && fileTypes.equals(List.of("html")))) {
                return false;
            }
            if (selectors.isEmpty()) {
                return true;
            }
            if (pdf) {
                return false; // no HTML to select in
            }
            boolean positive = false;
            boolean anyPositive = false;
            for (String selector : selectors) {
                if (selector.startsWith("!")) {
                    if (present.contains(selector.substring(1))) {
                        return false;
                    }
                } else {
                    anyPositive = true;
                    positive |= present.contains(selector);
                }
            }
            return positive || !anyPositive;
        }
    }

    /** URL patterns over the site's paths, each a plain path, a wildcard or an exception. */
    private static List<String> patterns(Random random, List<String> paths, int count) {
        List<String> patterns = new ArrayList<>();
        for (int p = 0; p < count; p++) {
            String path = pick(random, paths);
            String pattern = switch (random.nextInt(5)) {
                case 0 -> base() + path;
                case 1 -> base() + path.substring(0, path.lastIndexOf('/') + 1) + "*";
                case 2 -> base() + path.substring(0, path.lastIndexOf('/') + 1) + "**";
                case 3 -> "**/" + pick(random, SEGMENTS) + "*";
                default -> base() + "/" + pick(random, SEGMENTS).charAt(0) + "?*/**";
            };
            patterns.add(random.nextInt(3) == 0 ? "!" + pattern : pattern);
        }
        return patterns;
    }

    /** In order, the last pattern that matches decides; none matching selects only when every pattern is an exception. */
    private static boolean selects(List<String> patterns, String value) {
        boolean selected = patterns.stream().allMatch(p -> p.startsWith("!"));
        for (String pattern : patterns) {
            boolean negated = pattern.startsWith("!");
            if (wildcardMatch(negated ? pattern.substring(1) : pattern, value)) {
                selected = !negated;
            }
        }
        return selected;
    }

    /** {@code **} any characters, {@code *} any but {@code /}, {@code ?} one but {@code /}: by dynamic programming. */
    private static boolean wildcardMatch(String pattern, String value) {
        boolean[][] matches = new boolean[pattern.length() + 1][value.length() + 1];
        matches[pattern.length()][value.length()] = true;
        for (int p = pattern.length() - 1; p >= 0; p--) {
            boolean doubleStar = pattern.startsWith("**", p);
            for (int v = value.length(); v >= 0; v--) {
                char c = pattern.charAt(p);
                boolean more = v < value.length();
                if (doubleStar) {
                    matches[p][v] = matches[p + 2][v] || (more && matches[p][v + 1]);
                } else if (c == '*') {
                    matches[p][v] = matches[p + 1][v] || (more && value.charAt(v) != '/' && matches[p][v + 1]);
                } else if (c == '?') {
                    matches[p][v] = more && value.charAt(v) != '/' && matches[p + 1][v + 1];
                } else {
                    matches[p][v] = more && value.charAt(v) == c && matches[p + 1][v + 1];
                }
            }
        }
        return matches[0][0];
    }

    private static String quoted(List<String> values) {
        return values.stream().map(v -> "\"" + v + "\"").collect(Collectors.joining(", ", "[", "]"));
    }
}
