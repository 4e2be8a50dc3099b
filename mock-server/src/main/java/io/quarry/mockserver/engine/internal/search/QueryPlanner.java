package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.index.TermIndex;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import io.quarry.mockserver.engine.internal.text.TypoDistance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the query text into query words, each with the indexed terms it matches: the word itself, its prefix
 * completions (the last word for prefixLast, every word for prefixAll), its typo variants within the allowed
 * Damerau-Levenshtein distance (typos count on prefix matches too) and its synonyms.
 */
public final class QueryPlanner {

    private final SearchOptions options;
    private final TermIndex index;
    private final SynonymSet synonyms;

    /**
     * @param options the effective options
     * @param index the term dictionary
     * @param synonyms the index synonyms
     */
    public QueryPlanner(SearchOptions options, TermIndex index, SynonymSet synonyms) {
        this.options = options;
        this.index = index;
        this.synonyms = synonyms;
    }

    /**
     * @return the alternative readings of the query: the words as typed, then (when a run of words is the input
     *     of a multi-word synonym) the reading where that run is one word with its alternatives
     */
    public List<List<QueryWord>> plan() {
        String query = options.query();
        List<String> words = Tokenizer.terms(query);
        if (words.isEmpty()) {
            return List.of(List.of());
        }
        boolean endsWithSpace = !query.isEmpty() && Character.isWhitespace(query.charAt(query.length() - 1));
        String queryType = options.queryType();
        String typoMode = options.typoTolerance();
        int oneTypo = options.integer("minWordSizefor1Typo", 4);
        int twoTypos = options.integer("minWordSizefor2Typos", 8);
        boolean useSynonyms = options.bool("synonyms", true);
        List<QueryWord> primary = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            boolean last = i == words.size() - 1;
            boolean prefix = queryType.equals("prefixAll") || (queryType.equals("prefixLast") && last && !endsWithSpace);
            int maxTypos = typoMode.equals("false") ? 0 : word.length() >= twoTypos ? 2 : word.length() >= oneTypo ? 1 : 0;
            Map<String, TermMatch> terms = expand(word, prefix, maxTypos);
            List<List<String>> phrases = new ArrayList<>();
            if (useSynonyms && !synonyms.alternativesOf(List.of(word)).isEmpty()) {
                terms = new HashMap<>(terms);
                addSynonyms(List.of(word), terms, phrases);
            }
            primary.add(new QueryWord(word, terms, phrases));
        }
        List<List<QueryWord>> readings = new ArrayList<>();
        readings.add(primary);
        if (useSynonyms && synonyms.longestInput() > 1) {
            List<QueryWord> merged = mergeMultiWordInputs(words, primary);
            if (merged != null) {
                readings.add(merged);
            }
        }
        return readings;
    }

    private List<QueryWord> mergeMultiWordInputs(List<String> words, List<QueryWord> primary) {
        List<QueryWord> merged = new ArrayList<>();
        boolean changed = false;
        int i = 0;
        while (i < words.size()) {
            int taken = 0;
            for (int length = Math.min(synonyms.longestInput(), words.size() - i); length >= 2; length--) {
                List<String> run = words.subList(i, i + length);
                if (!synonyms.alternativesOf(run).isEmpty()) {
                    Map<String, TermMatch> terms = new HashMap<>();
                    List<List<String>> phrases = new ArrayList<>();
                    phrases.add(List.copyOf(run));
                    addSynonyms(run, terms, phrases);
                    merged.add(new QueryWord(String.join(" ", run), terms, phrases));
                    taken = length;
                    break;
                }
            }
            if (taken == 0) {
                merged.add(primary.get(i));
                i++;
            } else {
                changed = true;
                i += taken;
            }
        }
        return changed ? merged : null;
    }

    private void addSynonyms(List<String> input, Map<String, TermMatch> terms, List<List<String>> phrases) {
        for (List<String> alternative : synonyms.alternativesOf(input)) {
            if (alternative.size() == 1) {
                String term = alternative.get(0);
                terms.merge(term, new TermMatch(0, false, term.length()), TermMatch::better);
            } else if (!phrases.contains(alternative)) {
                phrases.add(alternative);
            }
        }
    }

    private Map<String, TermMatch> expand(String word, boolean prefix, int maxTypos) {
        return index.cached(word + '|' + prefix + '|' + maxTypos, () -> Map.copyOf(computeExpansion(word, prefix,
                maxTypos)));
    }

    private Map<String, TermMatch> computeExpansion(String word, boolean prefix, int maxTypos) {
        Map<String, TermMatch> terms = new HashMap<>();
        int length = word.length();
        if (index.postings(word) != null) {
            terms.put(word, new TermMatch(0, false, length));
        }
        if (prefix) {
            for (String term : index.withPrefix(word).keySet()) {
                if (!term.equals(word)) {
                    terms.put(term, new TermMatch(0, true, length));
                }
            }
        }
        if (maxTypos == 0) {
            return terms;
        }
        long wordMask = TermIndex.mask(word, length);
        int maxLength = prefix ? index.maxLength() : Math.min(index.maxLength(), length + maxTypos);
        for (int l = Math.max(1, length - maxTypos); l <= maxLength; l++) {
            TermIndex.Bucket bucket = index.termsOfLength(l);
            if (bucket == null) {
                continue;
            }
            boolean wholeOnly = !prefix || l <= length + maxTypos;
            for (int i = 0; i < bucket.size(); i++) {
                long termMask = wholeOnly ? bucket.mask(i) : TermIndex.mask(bucket.term(i), length + maxTypos);
                if (Long.bitCount(wordMask & ~termMask) > maxTypos) {
                    continue;
                }
                String term = bucket.term(i);
                TermMatch known = terms.get(term);
                if (known != null && known.typos() == 0) {
                    continue;
                }
                TypoDistance.Result distance = TypoDistance.compute(word, term, maxTypos);
                TermMatch match = null;
                if (distance.full() <= maxTypos) {
                    match = new TermMatch(distance.full(), false, term.length());
                }
                if (prefix && distance.prefix() < distance.full() && distance.prefix() <= maxTypos) {
                    TermMatch prefixMatch = new TermMatch(distance.prefix(), true, Math.min(length, term.length()));
                    match = prefixMatch.better(match);
                }
                if (match != null) {
                    terms.merge(term, match, TermMatch::better);
                }
            }
        }
        return terms;
    }
}
