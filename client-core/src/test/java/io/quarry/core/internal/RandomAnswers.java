package io.quarry.core.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Random search answers as JSON text, with what a correct decoding of each hit must give: its stored attributes,
 * its objectID, and the text of its generated members. Values vary in every way JSON allows (escapes, surrogate
 * pairs, exponents, big integers, nesting, whitespace), nested members may start with {@code _}, and the members of
 * a hit come in any order.
 */
final class RandomAnswers {

    /** One hit, and what decoding it must give. */
    record ExpectedHit(
            String name, int price, List<String> tags, String objectIDText, String objectID, String generatedJson) {}

    /**
     * One answer, and its hits' expectations in order.
     *
     * @param hitsJson the answer's {@code hits} array alone
     */
    record Answer(String json, String hitsJson, List<ExpectedHit> hits) {}

    private static final String[] GENERATED_NAMES = {
        "_highlightResult", "_snippetResult", "_rankingInfo", "_distinctSeqID", "_score", "_\u00e9t\u00e9", "_"
    };
    private static final String[] STORED_NAMES = {"colour", "brand", "x", "objectIDs", "\u00e9l\u00e9ment", "name_"};
    private static final String[] WHITESPACE = {"", "", "", " ", "\n", "\t", "\r\n", "  "};

    private final Random random;

    RandomAnswers(long seed) {
        this.random = new Random(seed);
    }

    /** {@return a random answer of up to six hits} */
    Answer next() {
        int count = random.nextInt(7);
        List<ExpectedHit> hits = new ArrayList<>();
        StringBuilder json = new StringBuilder("{").append(space());
        if (random.nextBoolean()) {
            json.append("\"_top\":").append(value(2)).append(',').append(space());
        }
        json.append("\"hits\"").append(space()).append(':').append(space());
        int hitsFrom = json.length();
        json.append('[');
        for (int i = 0; i < count; i++) {
            json.append(i == 0 ? "" : ",").append(space());
            hits.add(hit(json));
        }
        json.append(space()).append(']');
        String hitsJson = json.substring(hitsFrom);
        json.append(",\"nbHits\":").append(count).append(space()).append('}');
        return new Answer(json.toString(), hitsJson, hits);
    }

    private ExpectedHit hit(StringBuilder json) {
        List<String> members = new ArrayList<>();
        List<String> generated = new ArrayList<>();
        String[] name = random.nextInt(5) == 0 ? null : string();
        if (name != null) {
            members.add("\"name\"" + colon() + name[0]);
        }
        int price = random.nextInt(5) == 0 ? 0 : random.nextInt(2_000_001) - 1_000_000;
        if (price != 0) {
            members.add("\"price\"" + colon() + price);
        }
        List<String> tags = null;
        if (random.nextInt(3) == 0) {
            tags = new ArrayList<>();
            StringBuilder array = new StringBuilder("[");
            for (int i = random.nextInt(3); i > 0; i--) {
                String[] tag = string();
                tags.add(tag[1]);
                array.append(array.length() == 1 ? "" : ",").append(space()).append(tag[0]);
            }
            members.add("\"tags\"" + colon() + array.append(']'));
        }
        String objectIDText = null;
        String objectID = null;
        switch (random.nextInt(6)) {
            case 0 -> {} // none
            case 1 -> objectIDText = Integer.toString(random.nextInt(1000)); // a number: no objectID for the hit
            default -> {
                String[] id = string();
                objectIDText = id[0];
                objectID = id[1];
            }
        }
        if (objectIDText != null) {
            members.add("\"objectID\"" + colon() + objectIDText);
        }
        List<String> storedNames = new ArrayList<>(List.of(STORED_NAMES));
        Collections.shuffle(storedNames, random);
        for (int i = random.nextInt(3); i > 0; i--) {
            members.add(quoted(storedNames.remove(0)) + colon() + value(3));
        }
        if (random.nextInt(4) == 0) {
            members.add("\"_tags\"" + colon() + "[\"t\"]"); // reserved: stored, not generated
        }
        List<String> generatedNames = new ArrayList<>(List.of(GENERATED_NAMES));
        Collections.shuffle(generatedNames, random);
        for (int i = random.nextInt(5); i > 0; i--) {
            String member = quoted(generatedNames.remove(0)) + colon() + value(4);
            members.add(member);
            generated.add(member);
        }
        Collections.shuffle(members, random);
        // the generated members in the order the hit has them
        generated.sort((a, b) -> Integer.compare(members.indexOf(a), members.indexOf(b)));
        json.append('{');
        for (int i = 0; i < members.size(); i++) {
            json.append(i == 0 ? "" : ",")
                    .append(space())
                    .append(members.get(i))
                    .append(space());
        }
        json.append('}');
        return new ExpectedHit(
                name == null ? null : name[1],
                price,
                tags,
                objectIDText,
                objectID,
                "{" + String.join(",", generated) + "}");
    }

    /** A random JSON value, nested up to {@code depth} levels. */
    private String value(int depth) {
        int kind = random.nextInt(depth > 0 ? 8 : 6);
        return switch (kind) {
            case 0, 1 -> string()[0];
            case 2, 3 -> number();
            case 4 -> new String[] {"true", "false", "null"}[random.nextInt(3)];
            case 5 -> "\"" + "<em>w</em> ".repeat(random.nextInt(3)) + "\"";
            case 6 -> {
                List<String> items = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    items.add(space() + value(depth - 1) + space());
                }
                yield "[" + String.join(",", items) + "]";
            }
            default -> {
                List<String> names = new ArrayList<>(List.of("value", "matchLevel", "_inner", "objectID", "a", "_"));
                Collections.shuffle(names, random);
                List<String> members = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    members.add(space() + quoted(names.remove(0)) + colon() + value(depth - 1) + space());
                }
                yield "{" + String.join(",", members) + "}";
            }
        };
    }

    private String number() {
        return switch (random.nextInt(7)) {
            case 0 -> Integer.toString(random.nextInt());
            case 1 -> "0";
            case 2 -> "-0.0";
            case 3 -> (random.nextBoolean() ? "-" : "") + random.nextInt(1000) + "." + random.nextInt(1000) + "0";
            case 4 ->
                random.nextInt(10)
                        + (random.nextBoolean() ? "e" : "E")
                        + new String[] {"", "+", "-"}[random.nextInt(3)]
                        + random.nextInt(30);
            case 5 -> "12345678901234567890" + random.nextInt(10);
            default -> Long.toString(random.nextLong());
        };
    }

    /** {@return a random string as JSON text, and its value} */
    private String[] string() {
        StringBuilder text = new StringBuilder("\"");
        StringBuilder value = new StringBuilder();
        for (int i = random.nextInt(random.nextInt(10) == 0 ? 400 : 12); i > 0; i--) {
            String c = switch (random.nextInt(14)) {
                case 0 -> "\"";
                case 1 -> "\\";
                case 2 -> "\n";
                case 3 -> "\u0001";
                case 4 -> "\u00e9";
                case 5 -> "\u20ac";
                case 6 -> "\ud83d\ude00";
                case 7 -> "/";
                case 8 -> " ";
                default -> Character.toString('a' + random.nextInt(26));
            };
            value.append(c);
            text.append(escaped(c));
        }
        return new String[] {text.append('"').toString(), value.toString()};
    }

    private String escaped(String c) {
        if (random.nextInt(8) == 0) { // any character may come as \\uXXXX
            StringBuilder out = new StringBuilder();
            c.chars().forEach(unit -> out.append(String.format("\\u%04x", unit)));
            return out.toString();
        }
        return switch (c) {
            case "\"" -> "\\\"";
            case "\\" -> "\\\\";
            case "\n" -> "\\n";
            case "\u0001" -> "\\u0001";
            case "/" -> random.nextBoolean() ? "\\/" : "/";
            default -> c;
        };
    }

    private String quoted(String name) {
        return "\"" + name + "\"";
    }

    private String colon() {
        return space() + ":" + space();
    }

    private String space() {
        return WHITESPACE[random.nextInt(WHITESPACE.length)];
    }
}
