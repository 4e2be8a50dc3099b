package io.quarry.search;

import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.SearchQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;

/**
 * Random API key parameters for the key contract tests, over small alphabets so that patterns match often, and the
 * plain reference of a key pattern: a regular expression of its quoted parts joined by {@code .*}.
 */
final class RandomKeys {

    private static final List<Acl> RIGHTS = List.of(
            Acl.SEARCH,
            Acl.BROWSE,
            Acl.ADD_OBJECT,
            Acl.DELETE_OBJECT,
            Acl.DELETE_INDEX,
            Acl.SETTINGS,
            Acl.EDIT_SETTINGS,
            Acl.ANALYTICS,
            Acl.RECOMMENDATION,
            Acl.LIST_INDEXES,
            Acl.LOGS,
            Acl.NLU_READ_ANSWERS,
            Acl.SEE_UNRETRIEVABLE_ATTRIBUTES);
    /** Index names: case, non-ASCII, a surrogate pair, and characters the path must escape. */
    private static final String[] NAME_CHARS = {"a", "b", "A", "é", "😀", "%", " ", "-", ".", "?", "#"};
    /** Referers are header values, so ASCII; a pattern may still hold a character no referer has. */
    private static final String[] REFERER_CHARS = {"a", "b", "A", ".", "/", ":"};
    /** Texts a JSON body must carry as they are. */
    private static final String[] AWKWARD = {
        "a", " ", "\"", "\\", "\n", "\t", "\u0000", "é", "😀", "<b>", "&", "=", "%20", "+", "'", "\u2028", "*"
    };

    private final Random random;

    RandomKeys(Random random) {
        this.random = random;
    }

    /** {@return parameters of every kind, each set or left out at random} */
    ApiKey parameters() {
        List<Acl> acl = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            acl.add(RIGHTS.get(random.nextInt(RIGHTS.size()))); // duplicates included
        }
        ApiKey key = ApiKey.of(acl.toArray(Acl[]::new));
        if (random.nextBoolean()) {
            key = key.description(random.nextInt(10) == 0 ? awkward(5_000) : awkward(30));
        }
        if (random.nextBoolean()) {
            key = key.indexes(indexPatterns());
        }
        if (random.nextBoolean()) {
            key = key.referers(refererPatterns());
        }
        if (random.nextBoolean()) {
            key = key.maxHitsPerQuery(bounded());
        }
        if (random.nextBoolean()) {
            key = key.maxQueriesPerIPPerHour(bounded());
        }
        if (random.nextBoolean()) {
            key = key.validity(bounded());
        }
        if (random.nextBoolean()) {
            key = key.queryParameters(SearchQuery.of(awkward(8))
                    .hitsPerPage(1 + random.nextInt(20))
                    .filters(awkward(8)));
        }
        return key;
    }

    /** {@return 0 to 3 index name patterns} */
    String[] indexPatterns() {
        return patterns(NAME_CHARS);
    }

    /** {@return 0 to 3 referer patterns} */
    String[] refererPatterns() {
        return patterns(REFERER_CHARS);
    }

    /** {@return 0 to 3 patterns; none blank, as a blank pattern is no restriction} */
    private String[] patterns(String[] chars) {
        String[] patterns = new String[random.nextInt(4)];
        for (int i = 0; i < patterns.length; i++) {
            StringBuilder pattern = new StringBuilder();
            for (int length = random.nextInt(5); length > 0; length--) {
                pattern.append(random.nextInt(3) == 0 ? "*" : chars[random.nextInt(chars.length)]);
            }
            patterns[i] = pattern.toString().isBlank() ? "*" : pattern.toString();
        }
        return patterns;
    }

    /** {@return an index name: a letter, then up to three characters of any kind} */
    String indexName() {
        return "aAbé".charAt(random.nextInt(4)) + text(NAME_CHARS, random.nextInt(4));
    }

    /** {@return a referer of one to six characters} */
    String referer() {
        return text(REFERER_CHARS, 1 + random.nextInt(6));
    }

    private String text(String[] chars, int length) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(chars[random.nextInt(chars.length)]);
        }
        return text.toString();
    }

    private String awkward(int maxLength) {
        return text(AWKWARD, random.nextInt(maxLength + 1));
    }

    /** {@return 0, the largest int, or a number in between} */
    private int bounded() {
        return switch (random.nextInt(3)) {
            case 0 -> 0;
            case 1 -> Integer.MAX_VALUE;
            default -> 1 + random.nextInt(100_000);
        };
    }

    /**
     * {@return whether a value is allowed by patterns as a key reads them: no pattern allows every value, and
     *     spaces around a pattern are not part of it}
     *
     * @param patterns key patterns, none blank
     * @param value an index name or a referer
     */
    static boolean allows(List<String> patterns, String value) {
        if (patterns == null || patterns.isEmpty()) {
            return true;
        }
        return patterns.stream()
                .anyMatch(pattern -> reference(pattern.trim()).matcher(value).matches());
    }

    private static Pattern reference(String pattern) {
        StringBuilder regex = new StringBuilder();
        String[] parts = pattern.split("\\*", -1);
        for (int i = 0; i < parts.length; i++) {
            regex.append(i > 0 ? ".*" : "").append(Pattern.quote(parts[i]));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }
}
