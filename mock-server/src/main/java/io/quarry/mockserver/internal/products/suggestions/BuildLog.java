package io.quarry.mockserver.internal.products.suggestions;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.state.Timestamps;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The log of one build: lines of {@code timestamp}, {@code level} (INFO, SKIP or ERROR), {@code message} and
 * {@code contextLevel} (a line at level N+1 belongs to the line at level N before it). At most
 * {@value #MAX_LINES} lines are kept, each message at most {@value #MAX_MESSAGE_CHARS} characters; one last line
 * says how many more were left out. Used by one build thread.
 */
final class BuildLog {

    static final int MAX_LINES = 1000;
    /** A longer message (one quoting a long candidate) is cut, so the log stays small whatever the records hold. */
    static final int MAX_MESSAGE_CHARS = 1000;

    private final Clock clock;
    private final List<ObjectNode> lines = new ArrayList<>();
    private int omitted;
    private boolean failed;

    BuildLog(Clock clock) {
        this.clock = clock;
    }

    void info(int contextLevel, String message) {
        add("INFO", contextLevel, message);
    }

    void skip(int contextLevel, String message) {
        add("SKIP", contextLevel, message);
    }

    void error(int contextLevel, String message) {
        failed = true;
        add("ERROR", contextLevel, message);
    }

    /** {@return whether an error was logged} */
    boolean failed() {
        return failed;
    }

    private void add(String level, int contextLevel, String message) {
        if (lines.size() >= MAX_LINES - 1) {
            omitted++;
            return;
        }
        ObjectNode line = Json.object();
        line.put("timestamp", Timestamps.iso(clock.millis()));
        line.put("level", level);
        line.put("message", cut(message));
        line.put("contextLevel", contextLevel);
        lines.add(line);
    }

    /** Cuts a long message, never between the two halves of a surrogate pair. */
    private static String cut(String message) {
        if (message.length() <= MAX_MESSAGE_CHARS) {
            return message;
        }
        int end = Character.isHighSurrogate(message.charAt(MAX_MESSAGE_CHARS - 1))
                ? MAX_MESSAGE_CHARS - 1
                : MAX_MESSAGE_CHARS;
        return message.substring(0, end) + "\u2026";
    }

    /** {@return the lines, with a last line counting those left out} */
    ArrayNode toJson() {
        ArrayNode array = Json.array();
        lines.forEach(line -> array.add(line.deepCopy()));
        if (omitted > 0) {
            ObjectNode last = array.addObject();
            last.put("timestamp", Timestamps.iso(clock.millis()));
            last.put("level", "INFO");
            last.put("message", omitted + " more lines left out");
            last.put("contextLevel", 0);
        }
        return array;
    }
}
