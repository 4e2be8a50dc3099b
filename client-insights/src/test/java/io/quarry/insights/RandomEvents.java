package io.quarry.insights;

import io.quarry.insights.model.EventSubtype;
import io.quarry.insights.model.EventType;
import io.quarry.insights.model.InsightsEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random events, each member valid most of the time and otherwise at or past one of the service's limits: lengths
 * 0, 1, 64 and 65, control characters and DEL, text beyond ASCII (accents, combining marks, surrogate pairs, a lone
 * surrogate), filters with {@code :} in values and good or broken percent-escapes (fullwidth digits among them),
 * timestamps near the 4 days and at the ends of a {@code long}, positions of the wrong count or on other events
 * than clicks.
 */
final class RandomEvents {

    /** The index whose records {@link RandomEventTextsContractTest} creates for the objectIDs sent. */
    static final String INDEX = "products";

    private static final String TOKEN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-";
    /** Characters a pattern, a length count or an encoding may get wrong. */
    private static final String[] ODD = {
        "\u0000",
        "\t",
        "\n",
        "\u001F",
        "\u007F",
        "\u0080",
        "\u0085",
        "\u00A0",
        "é",
        "e\u0301",
        "\uD83D\uDE00",
        "\uD800",
        "\uDC00",
        "\u2028",
        "%",
        ":",
        " ",
        ".",
        "+",
        "=",
        "/",
        "\"",
        "\\",
        "漢"
    };

    private static final String[] INDICES = {
        "a",
        "*",
        "a\uDC00",
        ".",
        "..",
        "a\u0001b",
        "a\u0085b",
        "ça va",
        "\uD83D\uDE00".repeat(128),
        "\uD83D\uDE00".repeat(129),
        "é".repeat(256),
        "é".repeat(257),
        "x".repeat(512),
        "x".repeat(513)
    };
    private static final String[] ATTRIBUTES = {"brand", "caf%C3%A9", "a+b", "size%3Aeu", "\uD83D\uDE00", "10%25"};
    private static final String[] VALUES = {
        "acme", "10%25", "10:30", "cr%C3%A8me", "a+b", "x:y:z", "%F0%9F%98%80", "漢字", "e\u0301"
    };
    private static final String[] BROKEN_FILTERS = {
        "",
        ":",
        "brand",
        ":acme",
        "brand:",
        "discount:10%",
        "brand:%FF",
        "brand:%C3",
        "brand:%ZZ",
        "100%:x",
        "brand:a\uD800",
        "brand:%ED%A0%80",
        "brand:%\uFF14\uFF11"
    };

    private final Random random;
    private final long now;

    /**
     * @param random the source, seeded by the caller
     * @param now the time events are judged at, epoch milliseconds
     */
    RandomEvents(Random random, long now) {
        this.random = random;
        this.now = now;
    }

    /** {@return one to three events, one most often} */
    List<InsightsEvent> batch() {
        List<InsightsEvent> events = new ArrayList<>();
        int size = oneIn(2) ? 1 : 2 + random.nextInt(2);
        for (int i = 0; i < size; i++) {
            events.add(event());
        }
        return events;
    }

    private InsightsEvent event() {
        EventType type =
                oneIn(30) ? EventType.of("hover") : pick(EventType.CLICK, EventType.VIEW, EventType.CONVERSION);
        List<String> objectIDs = null;
        List<String> filters = null;
        switch (random.nextInt(24)) {
            case 0 -> { // both: one resource type per event
                objectIDs = objectIDs();
                filters = filters();
            }
            case 1 -> {} // neither
            default -> {
                if (random.nextBoolean()) {
                    objectIDs = objectIDs();
                } else {
                    filters = filters();
                }
            }
        }
        String queryID = oneIn(4) ? queryID() : null;
        List<Integer> positions = null;
        if (type.equals(EventType.CLICK) ? oneIn(3) : oneIn(12)) {
            positions = positions(objectIDs == null ? 1 : objectIDs.size() + (oneIn(6) ? 1 : 0));
            queryID = oneIn(8) ? null : queryID();
        }
        EventSubtype subtype = null;
        if (type.equals(EventType.CONVERSION) && oneIn(3)) {
            subtype = pick(EventSubtype.PURCHASE, EventSubtype.ADD_TO_CART);
        } else if (oneIn(20)) {
            subtype = pick(EventSubtype.PURCHASE, EventSubtype.of("refund"));
        }
        return new InsightsEvent(
                type,
                subtype,
                eventName(),
                oneIn(10) ? pick(INDICES) : INDEX,
                userToken(),
                oneIn(8) ? userToken() : null,
                oneIn(4) ? timestamp() : null,
                queryID,
                objectIDs,
                filters,
                positions,
                null,
                null,
                oneIn(10) ? pick(19.9, -0.0, Double.NaN, Double.POSITIVE_INFINITY) : null);
    }

    private String eventName() {
        return switch (random.nextInt(16)) {
            case 0 -> pick("", "x".repeat(64), "x".repeat(65), " ", "~");
            case 1 -> printable(62) + pick(ODD);
            default -> printable(1 + random.nextInt(oneIn(4) ? 64 : 20));
        };
    }

    private String userToken() {
        return switch (random.nextInt(20)) {
            case 0 -> pick("", "a", "-", "_", tokenText(64), tokenText(65));
            case 1 -> tokenText(1 + random.nextInt(20)) + pick(ODD);
            default -> tokenText(1 + random.nextInt(oneIn(4) ? 64 : 12));
        };
    }

    private List<String> objectIDs() {
        int count = oneIn(10) ? pick(0, 20, 21) : 1 + random.nextInt(4);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(oneIn(40) ? pick("", null) : objectID());
        }
        if (!ids.isEmpty() && oneIn(5)) {
            ids.add(ids.get(0)); // the same record twice
        }
        return ids;
    }

    private String objectID() {
        StringBuilder id = new StringBuilder(tokenText(1 + random.nextInt(6)));
        if (oneIn(4)) {
            id.append(pick(ODD));
        }
        return id.toString();
    }

    private List<String> filters() {
        int count = oneIn(10) ? pick(0, 10, 11) : 1 + random.nextInt(3);
        List<String> filters = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            filters.add(oneIn(12) ? (oneIn(10) ? null : pick(BROKEN_FILTERS)) : pick(ATTRIBUTES) + ":" + pick(VALUES));
        }
        return filters;
    }

    private String queryID() {
        String hex = "0123456789abcdefABCDEF";
        StringBuilder id = new StringBuilder();
        int length = oneIn(12) ? pick(31, 33) : 32;
        for (int i = 0; i < length; i++) {
            id.append(hex.charAt(random.nextInt(oneIn(4) ? hex.length() : 16)));
        }
        return oneIn(12) ? id.substring(1) + "g" : id.toString();
    }

    private List<Integer> positions(int count) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            positions.add(oneIn(12) ? pick(0, -1, null, Integer.MAX_VALUE) : 1 + random.nextInt(50));
        }
        return positions;
    }

    /** Away from the 4-day limit by a minute or more: the client's and the server's clocks differ a little. */
    private Instant timestamp() {
        long fourDays = Duration.ofDays(4).toMillis();
        long minute = Duration.ofMinutes(1).toMillis();
        Long millis = pick(
                null,
                now - minute,
                now - fourDays + minute,
                now - fourDays - minute,
                now + Duration.ofHours(1).toMillis(),
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                0L,
                -1L);
        return millis == null ? null : Instant.ofEpochMilli(millis);
    }

    private String printable(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append((char) (0x20 + random.nextInt(0x7F - 0x20)));
        }
        return text.toString();
    }

    private String tokenText(int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(TOKEN_CHARS.charAt(random.nextInt(TOKEN_CHARS.length())));
        }
        return text.toString();
    }

    private boolean oneIn(int n) {
        return random.nextInt(n) == 0;
    }

    @SafeVarargs
    private <T> T pick(T... choices) {
        return choices[random.nextInt(choices.length)];
    }
}
