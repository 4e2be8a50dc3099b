package io.quarry.mockserver;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which records a query must match, written from the description of the text parameters alone, for words of
 * letters (case and accents aside) or digits: every query word matches a word of the record, whole or (when it is a prefix word) as the start of
 * one, within the typos its length allows; a quoted phrase matches its words in a row, exactly, inside one
 * attribute; an excluded word ({@code -word}) drops every record holding it exactly. Optional words need not
 * match, though one word must; with {@code removeWordsIfNoResults}, words become optional until a record matches;
 * {@code typoTolerance} min keeps the hits with the fewest typos, strict those with at most one more.
 */
final class QueryTextOracle {

    /** The text parameters of one search, as sent. */
    record Params(
            String typoTolerance,
            String queryType,
            int oneTypo,
            int twoTypos,
            boolean advancedSyntax,
            boolean allowTyposOnNumericTokens,
            List<String> optionalWords,
            String removeWordsIfNoResults) {}

    private record Segment(List<String> words, boolean phrase) {}

    private static final int NO_MATCH = Integer.MAX_VALUE;

    private final List<Segment> segments = new ArrayList<>();
    private final List<String> excluded = new ArrayList<>();
    private final Params params;
    private boolean lastWordOpen;

    QueryTextOracle(String query, Params params) {
        this.params = params;
        int i = 0;
        int n = query.length();
        while (i < n) {
            char c = query.charAt(i);
            if (c == ' ') {
                i++;
            } else if (c == '"' && params.advancedSyntax()) {
                int close = query.indexOf('"', i + 1);
                int end = close < 0 ? n : close;
                List<String> words = words(query.substring(i + 1, end));
                if (!words.isEmpty()) {
                    segments.add(new Segment(words, true));
                    lastWordOpen = false;
                }
                i = close < 0 ? n : close + 1;
            } else {
                int end = i;
                while (end < n && query.charAt(end) != ' ' && !(params.advancedSyntax() && query.charAt(end) == '"')) {
                    end++;
                }
                String chunk = query.substring(i, end);
                if (params.advancedSyntax() && chunk.startsWith("-") && chunk.length() > 1) {
                    excluded.addAll(words(chunk.substring(1)));
                } else {
                    List<String> words = words(chunk);
                    words.forEach(w -> segments.add(new Segment(List.of(w), false)));
                    lastWordOpen = !words.isEmpty() && end == n;
                }
                i = end;
            }
        }
    }

    /** Letters and digits make words; anything else (quotes, minus signs) separates them. */
    private static List<String> words(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        for (char c : (text + " ").toCharArray()) {
            if (Character.isLetterOrDigit(c)) {
                word.append(c);
            } else if (word.length() > 0) {
                words.add(fold(word.toString()));
                word.setLength(0);
            }
        }
        return words;
    }

    /** Case and accents do not count: {@code Été} is {@code ete}. */
    private static String fold(String word) {
        StringBuilder folded = new StringBuilder();
        for (char c : Normalizer.normalize(word, Normalizer.Form.NFD).toCharArray()) {
            if (Character.getType(c) != Character.NON_SPACING_MARK) {
                folded.append(c);
            }
        }
        return folded.toString().toLowerCase(Locale.ROOT);
    }

    /**
     * {@return the records that match, by ID}
     *
     * @param records each record's searchable attributes, each as its words in order
     */
    Set<String> select(Map<String, Map<String, List<String>>> typed) {
        Map<String, Map<String, List<String>>> records = new TreeMap<>();
        typed.forEach((id, attributes) -> {
            Map<String, List<String>> folded = new TreeMap<>();
            attributes.forEach((name, value) -> folded.put(name, words(String.join(" ", value))));
            records.put(id, folded);
        });
        int n = segments.size();
        boolean[] optional = new boolean[n];
        for (int s = 0; s < n; s++) {
            // A quoted word is still that word; a phrase of several words is never optional.
            List<String> words = segments.get(s).words();
            optional[s] = words.size() == 1 && params.optionalWords().contains(words.get(0));
        }
        Map<String, Integer> hits = hits(records, optional);
        String removal = params.removeWordsIfNoResults();
        // Words become optional one more at a time, from the end or the start, or all at once, until a record matches.
        for (int k = 1; hits.isEmpty() && n > 1 && k < n && !removal.equals("none"); k++) {
            boolean[] relaxed = optional.clone();
            for (int s = 0; s < n; s++) {
                relaxed[s] |= removal.equals("allOptional") || (removal.equals("lastWords") ? s >= n - k : s < k);
            }
            hits = hits(records, relaxed);
            if (removal.equals("allOptional")) {
                break;
            }
        }
        int fewest = hits.values().stream().mapToInt(Integer::intValue).min().orElse(0);
        return switch (params.typoTolerance()) {
            case "min" -> idsWithin(hits, fewest);
            case "strict" -> idsWithin(hits, fewest + 1);
            default -> new TreeSet<>(hits.keySet());
        };
    }

    private static Set<String> idsWithin(Map<String, Integer> hits, int typos) {
        Set<String> ids = new TreeSet<>();
        hits.forEach((id, count) -> {
            if (count <= typos) {
                ids.add(id);
            }
        });
        return ids;
    }

    /** The matching records with their typo counts: every word not optional matches, and at least one word. */
    private Map<String, Integer> hits(Map<String, Map<String, List<String>>> records, boolean[] optional) {
        Map<String, Integer> hits = new TreeMap<>();
        for (Map.Entry<String, Map<String, List<String>>> record : records.entrySet()) {
            Integer typos = typos(record.getValue(), optional);
            if (typos != null) {
                hits.put(record.getKey(), typos);
            }
        }
        return hits;
    }

    private Integer typos(Map<String, List<String>> attributes, boolean[] optional) {
        for (List<String> value : attributes.values()) {
            for (String word : value) {
                if (excluded.contains(word)) {
                    return null;
                }
            }
        }
        int total = 0;
        int matched = 0;
        for (int s = 0; s < segments.size(); s++) {
            Segment segment = segments.get(s);
            int best = NO_MATCH;
            for (List<String> value : attributes.values()) {
                best = Math.min(
                        best,
                        segment.phrase()
                                ? (holdsPhrase(value, segment.words()) ? 0 : NO_MATCH)
                                : typos(value, segment.words().get(0), s));
            }
            if (best == NO_MATCH && !optional[s]) {
                return null;
            }
            if (best != NO_MATCH) {
                total += best;
                matched++;
            }
        }
        return matched > 0 || segments.isEmpty() ? total : null;
    }

    private static boolean holdsPhrase(List<String> value, List<String> phrase) {
        for (int start = 0; start + phrase.size() <= value.size(); start++) {
            if (value.subList(start, start + phrase.size()).equals(phrase)) {
                return true;
            }
        }
        return false;
    }

    /** The fewest typos with which the word matches a word of the value, or {@link #NO_MATCH}. */
    private int typos(List<String> value, String word, int position) {
        boolean prefix = params.queryType().equals("prefixAll")
                || (params.queryType().equals("prefixLast") && position == segments.size() - 1 && lastWordOpen);
        int allowed = typosAllowed(word);
        int best = NO_MATCH;
        for (String term : value) {
            best = Math.min(best, distance(word, term));
            for (int end = 0; prefix && end < term.length(); end++) {
                best = Math.min(best, distance(word, term.substring(0, end)));
            }
        }
        return best <= allowed ? best : NO_MATCH;
    }

    private int typosAllowed(String word) {
        boolean number = word.chars().allMatch(Character::isDigit);
        if (params.typoTolerance().equals("false") || (number && !params.allowTyposOnNumericTokens())) {
            return 0;
        }
        return word.length() >= params.twoTypos() ? 2 : word.length() >= params.oneTypo() ? 1 : 0;
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions, adjacent transpositions. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            for (int j = 0; j <= b.length(); j++) {
                if (i == 0 || j == 0) {
                    d[i][j] = i + j;
                    continue;
                }
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
