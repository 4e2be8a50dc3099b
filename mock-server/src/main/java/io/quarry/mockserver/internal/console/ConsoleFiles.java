package io.quarry.mockserver.internal.console;

import io.quarry.mockserver.internal.http.ApiException;
import io.quarry.mockserver.internal.http.ConsolePaths;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.http.Sanitize;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The console's page and files, read from the jar's resources when asked: only the files listed here are served,
 * each with a Content-Security-Policy that allows scripts, styles and requests from the server alone.
 */
final class ConsoleFiles {

    /** What every answer of the console carries. */
    static final Map<String, String> HEADERS = ConsolePaths.HEADERS;

    private static final String FOLDER = "/io/quarry/mockserver/console/";

    private static final Map<String, String> TYPES = Map.of(
            "index.html", "text/html; charset=UTF-8",
            "console.css", "text/css; charset=UTF-8",
            "console.js", "text/javascript; charset=UTF-8",
            "views.js", "text/javascript; charset=UTF-8",
            "rules.js", "text/javascript; charset=UTF-8",
            "charts.js", "text/javascript; charset=UTF-8");

    private ConsoleFiles() {}

    /**
     * {@return the file as an answer}
     *
     * @param name its name, such as {@code console.js}
     * @throws ApiException 404 for a name not listed
     */
    static Response file(String name) {
        String type = TYPES.get(name);
        if (type == null) {
            throw ApiException.notFound(
                    "The console has no file " + Sanitize.shortText(name).replaceAll("[^A-Za-z0-9._-]", "?"));
        }
        try (InputStream in = ConsoleFiles.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new IllegalStateException("the console's file " + name + " is missing from the jar");
            }
            return Response.file(in.readAllBytes(), type, HEADERS);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
