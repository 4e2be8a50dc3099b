package io.quarry.mockserver.testing;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One answer as read off the wire by {@link RawConnection#readAnswer(boolean)}.
 *
 * @param status the status code
 * @param headers the headers, by case-insensitive name (the last of a repeated name)
 * @param body the body as text, empty when none
 */
public record WireAnswer(int status, Map<String, String> headers, String body) {

    /**
     * {@return the answer of that head, without a body yet}
     *
     * @param head the status line and headers, ending with an empty line
     */
    static WireAnswer ofHead(String head) {
        String[] lines = head.split("\r\n");
        String[] statusLine = lines[0].split(" ", 3);
        if (statusLine.length < 2 || !statusLine[0].equals("HTTP/1.1")) {
            throw new AssertionError("not an HTTP/1.1 status line: " + lines[0]);
        }
        Map<String, String> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(
                    lines[i].substring(0, colon), lines[i].substring(colon + 1).trim());
        }
        return new WireAnswer(Integer.parseInt(statusLine[1]), headers, "");
    }

    WireAnswer withBody(String text) {
        return new WireAnswer(status, headers, text);
    }

    /**
     * {@return the header's value, or {@code null}}
     *
     * @param name its name, any case
     */
    public String header(String name) {
        return headers.get(name);
    }

    /** {@return whether the answer says the server closes the connection after it} */
    public boolean closes() {
        String connection = header("Connection");
        return connection != null && connection.toLowerCase(Locale.ROOT).contains("close");
    }
}
