package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import io.quarry.mockserver.engine.internal.index.TermIndex;
import io.quarry.mockserver.engine.internal.text.EnglishPlurals;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import io.quarry.mockserver.engine.internal.text.TypoDistance;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Turns the query text into query words, each with the indexed terms it matches: the word itself, its prefix
 * completions (the last word for prefixLast, every word for prefixAll), its typo variants within the allowed
 * Damerau-Levenshtein distance (typos count on prefix matches too; none for the words of
 * {@code disableTypoToleranceOnWords}, nor for numbers when {@code allowTyposOnNumericTokens} is false, nor for
 * words longer than {@value #MAX_TYPO_WORD_LENGTH} characters), its
 * regular English singular/plural forms with {@code ignorePlurals}, and its synonyms.
 */
public final class QueryPlanner {

    /**
     * The longest query word that tolerates typos: comparing a longer word with every indexed term of about its
     * length costs time growing with the square of its length, and nobody misspells a 65-letter token.
     */
    public static final int MAX_TYPO_WORD_LENGTH = 64;

    /**
     * The most indexed words the query's words may match in all, typo and prefix variants included. Each match is
     * held while the search runs, and a short word allowed a typo, or read as a prefix, can match nearly every word
     * of the index: 256 such words against 10,000 records took gigabytes and minutes. A broader query is a 400.
     */
    public static final int MAX_MATCHED_TERMS = 500_000;

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
     * The planned query.
     *
     * @param readings the alternative readings of the query: the words as typed, then (when a run of words is
     *     the input of a multi-word synonym) the reading where that run is one word with its alternatives
     * @param excluded words that exclude the records holding them (advanced syntax)
     */
    public record Plan(List<List<QueryWord>> readings, Set<String> excluded) {}

    /** {@return the plan of the query} */
    public Plan plan() {
        boolean advanced = options.bool("advancedSyntax", false);
        List<String> features = options.advancedSyntaxFeatures();
        QueryText text = QueryText.parse(
                options.query(),
                advanced && features.contains("exactPhrase"),
                advanced && features.contains("excludeWords"));
        if (text.segments().isEmpty()) {
            return new Plan(List.of(List.of()), text.excluded());
        }
        String queryType = options.queryType();
        String typoMode = options.typoTolerance();
        TypoWordSizes sizes = TypoWordSizes.of(options);
        boolean useSynonyms = options.bool("synonyms", true);
        boolean plurals = ignorePlurals();
        boolean typosOnNumbers = options.bool("allowTyposOnNumericTokens", true);
        List<String> disabled = options.list("disableTypoToleranceOnWords");
        Set<String> noTypoWords = new HashSet<>();
        if (disabled != null) {
            disabled.forEach(w -> noTypoWords.addAll(Tokenizer.terms(w)));
        }
        List<QueryWord> primary = new ArrayList<>();
        long matchedTerms = 0;
        List<String> words = new ArrayList<>();
        int count = text.segments().size();
        QueryLanguages languages = QueryLanguages.of(options);
        Set<Integer> stopWords = languages.stopWordPositions(text);
        for (int i = 0; i < count; i++) {
            List<String> segment = text.segments().get(i);
            if (stopWords.contains(i)) {
                continue;
            }
            if (text.phrase().get(i)) {
                primary.add(phrase(segment));
                continue;
            }
            String word = segment.get(0);
            words.add(word);
            boolean last = i == count - 1;
            boolean prefix =
                    queryType.equals("prefixAll") || (queryType.equals("prefixLast") && last && text.lastWordOpen());
            int maxTypos = typoMode.equals("false")
                            || word.length() > MAX_TYPO_WORD_LENGTH
                            || noTypoWords.contains(word)
                            || (!typosOnNumbers && word.chars().allMatch(Character::isDigit))
                    ? 0
                    : sizes.typosAllowed(word.length());
            Map<String, TermMatch> terms = expand(word, prefix, maxTypos);
            if (plurals) {
                terms = withPlurals(word, terms);
            }
            terms = languages.withPluralForms(word, terms);
            List<List<String>> phrases = new ArrayList<>();
            List<String> parts = languages.decomposition(word);
            if (!parts.isEmpty()) {
                phrases.add(parts);
            }
            // Alternative corrections stand for typos: none when typos are off.
            if (useSynonyms
                    && !typoMode.equals("false")
                    && !synonyms.correctionsOf(word).isEmpty()) {
                terms = new HashMap<>(terms);
                for (Map.Entry<String, Integer> correction :
                        synonyms.correctionsOf(word).entrySet()) {
                    String term = correction.getKey();
                    terms.merge(term, new TermMatch(correction.getValue(), false, term.length()), TermMatch::better);
                }
            }
            if (useSynonyms && synonyms.hasAlternatives(List.of(word))) {
                terms = new HashMap<>(terms);
                addSynonyms(List.of(word), terms, phrases);
            }
            matchedTerms += terms.size();
            if (matchedTerms > MAX_MATCHED_TERMS) {
                throw new EngineException(
                        400,
                        "query: its words match too many indexed words (over " + MAX_MATCHED_TERMS
                                + " with their typo and prefix variants); use fewer or longer words, or fewer"
                                + " typos");
            }
            primary.add(new QueryWord(word, terms, phrases));
        }
        List<List<QueryWord>> readings = new ArrayList<>();
        readings.add(primary);
        if (useSynonyms && synonyms.longestInput() > 1 && words.size() == primary.size()) {
            List<QueryWord> merged = mergeMultiWordInputs(words, primary);
            if (merged != null) {
                readings.add(merged);
            }
        }
        return new Plan(readings, text.excluded());
    }

    /**
     * English plurals apply when ignorePlurals lists "en", or is true while the queryLanguages are unset or list
     * "en" (other languages have no rules here, only their dictionaries).
     */
    private boolean ignorePlurals() {
        JsonNode value = options.value("ignorePlurals");
        if (value == null) {
            return false;
        }
        if (value.isBoolean()
                || (value.isString()
                        && (value.asString().equals("true") || value.asString().equals("false")))) {
            List<String> queryLanguages = options.list("queryLanguages");
            return RequestParams.toBool("ignorePlurals", value)
                    && (queryLanguages == null || queryLanguages.contains("en"));
        }
        List<String> languages = RequestParams.toStringList("ignorePlurals", value);
        return languages.contains("en");
    }

    private Map<String, TermMatch> withPlurals(String word, Map<String, TermMatch> terms) {
        Map<String, TermMatch> extended = null;
        for (String form : EnglishPlurals.forms(word)) {
            if (index.postings(form) != null) {
                if (extended == null) {
                    extended = new HashMap<>(terms);
                }
                extended.merge(form, new TermMatch(0, false, form.length()), TermMatch::better);
            }
        }
        return extended == null ? terms : extended;
    }

    private QueryWord phrase(List<String> words) {
        String joined = String.join(" ", words);
        if (words.size() == 1) {
            String word = words.get(0);
            return new QueryWord(joined, Map.of(word, new TermMatch(0, false, word.length())), List.of());
        }
        return new QueryWord(joined, Map.of(), List.of(words));
    }

    private List<QueryWord> mergeMultiWordInputs(List<String> words, List<QueryWord> primary) {
        List<QueryWord> merged = new ArrayList<>();
        boolean changed = false;
        int i = 0;
        while (i < words.size()) {
            int taken = 0;
            for (int length = Math.min(synonyms.longestInput(), words.size() - i); length >= 2; length--) {
                List<String> run = words.subList(i, i + length);
                if (synonyms.hasAlternatives(run)) {
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
        // A set to skip the phrases already there: a group of thousands of phrases would cost its size squared.
        Set<List<String>> known = new HashSet<>(phrases);
        for (List<String> alternative : synonyms.alternativesOf(input)) {
            if (alternative.size() == 1) {
                String term = alternative.get(0);
                terms.merge(term, new TermMatch(0, false, term.length()), TermMatch::better);
            } else if (known.add(alternative)) {
                phrases.add(alternative);
            }
        }
    }

    private Map<String, TermMatch> expand(String word, boolean prefix, int maxTypos) {
        return index.cached(
                word + '|' + prefix + '|' + maxTypos,
                () -> Map.copyOf(computeExpansion(word, prefix, maxTypos)),
                Map::size);
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
