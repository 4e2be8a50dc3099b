package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The console costs nothing until it is opened: a server that has answered requests, but none of the console's, has
 * loaded none of the console's classes; yet the console's first request shows those earlier requests. The server
 * runs in a class loader of its own, so the classes it loaded can be asked of that loader alone.
 */
class ConsoleLoadsOnFirstRequestTest {

    private static final String CONSOLE_PACKAGE = "io/quarry/mockserver/internal/console";

    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void noConsoleClassIsLoadedBeforeTheConsolesFirstRequest() throws Exception {
        URL classes = MockServer.class.getProtectionDomain().getCodeSource().getLocation();
        List<String> consoleClasses = classesIn(Path.of(classes.toURI()).resolve(CONSOLE_PACKAGE));
        assertThat(consoleClasses).contains("io.quarry.mockserver.internal.console.ConsoleRoutes");
        try (OwnLoader loader = new OwnLoader(classes)) {
            Class<?> serverClass = loader.loadClass(MockServer.class.getName());
            Object builder = serverClass.getMethod("builder").invoke(null);
            try (AutoCloseable server =
                    (AutoCloseable) builder.getClass().getMethod("start").invoke(builder)) {
                String url = (String) serverClass.getMethod("url").invoke(server);
                String app = (String) serverClass.getMethod("applicationId").invoke(server);
                String key = (String) serverClass.getMethod("adminKey").invoke(server);

                assertThat(get(url + "/1/indexes", app, key).statusCode()).isEqualTo(200);
                assertThat(get(url + "/1/indexes/missing/settings", app, key).statusCode())
                        .isEqualTo(404);
                assertThat(consoleClasses).noneMatch(loader::loaded);

                HttpResponse<String> journal = get(url + "/_mock/console/api/journal", app, key);
                assertThat(journal.statusCode()).isEqualTo(200);
                assertThat(journal.body()).contains("/1/indexes/missing/settings");
                assertThat(loader.loaded("io.quarry.mockserver.internal.console.ConsoleRoutes"))
                        .isTrue();
            }
        }
    }

    private HttpResponse<String> get(String url, String app, String key) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url))
                .header("X-Service-Application-Id", app)
                .header("X-Service-API-Key", key)
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static List<String> classesIn(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(file -> file.getFileName().toString())
                    .filter(name -> name.endsWith(".class") && !name.equals("package-info.class"))
                    .map(name -> CONSOLE_PACKAGE.replace('/', '.') + "."
                            + name.substring(0, name.length() - ".class".length()))
                    .toList();
        }
    }

    /**
     * Loads the mock server's own classes itself, from its classes folder, and everything else (the JDK, Jackson)
     * from the test's class path, so that it can tell which of the mock server's classes were loaded.
     */
    private static final class OwnLoader extends URLClassLoader {

        OwnLoader(URL classes) {
            super(new URL[] {classes}, ConsoleLoadsOnFirstRequestTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("io.quarry.mockserver.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> found = findLoadedClass(name);
                if (found == null) {
                    found = findClass(name);
                }
                if (resolve) {
                    resolveClass(found);
                }
                return found;
            }
        }

        boolean loaded(String name) {
            return findLoadedClass(name) != null;
        }
    }
}
