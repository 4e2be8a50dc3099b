package io.quarry.mockserver.internal.products.answers;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The words of a question that an answer should contain: its distinct words, normalised (lower case, accents
 * removed, a plural {@code s} dropped), without the question's function words ({@code what}, {@code is},
 * {@code the}, ...) unless the question holds nothing else.
 */
final class QuestionWords {

    /** A word: letters and digits. */
    static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    private static final Pattern MARKS = Pattern.compile("\\p{M}+");
    private static final Set<String> FUNCTION_WORDS = Set.of(
            // English
            "a",
            "an",
            "the",
            "is",
            "are",
            "was",
            "were",
            "be",
            "do",
            "does",
            "did",
            "what",
            "which",
            "who",
            "whom",
            "whose",
            "when",
            "where",
            "why",
            "how",
            "of",
            "to",
            "in",
            "on",
            "at",
            "for",
            "by",
            "with",
            "and",
            "or",
            "can",
            "could",
            "i",
            "you",
            "it",
            "my",
            "your",
            "this",
            "that",
            "there",
            // French
            "le",
            "la",
            "les",
            "un",
            "une",
            "des",
            "du",
            "de",
            "est",
            "sont",
            "que",
            "qui",
            "quoi",
            "quel",
            "quelle",
            "quels",
            "quelles",
            "comment",
            "pourquoi",
            "ou",
            "et",
            "en",
            "je",
            "vous",
            "il",
            "elle",
            "ce",
            "cette");

    private final Set<String> words;

    QuestionWords(String question) {
        Set<String> all = new LinkedHashSet<>();
        Set<String> meaningful = new LinkedHashSet<>();
        Matcher matcher = WORD.matcher(question);
        while (matcher.find()) {
            String word = normalise(matcher.group());
            all.add(word);
            if (!FUNCTION_WORDS.contains(fold(matcher.group()))) {
                meaningful.add(word);
            }
        }
        this.words = meaningful.isEmpty() ? all : meaningful;
    }

    /** {@return whether the question holds no word at all} */
    boolean isEmpty() {
        return words.isEmpty();
    }

    /**
     * {@return whether it is one of the question's words}
     *
     * @param word a word of a text
     */
    boolean contains(String word) {
        return words.contains(normalise(word));
    }

    /**
     * {@return the share of the question's words the sentence contains, 0 to 1}
     *
     * @param sentence a sentence
     */
    double overlap(String sentence) {
        if (words.isEmpty()) {
            return 0;
        }
        Set<String> found = new LinkedHashSet<>();
        Matcher matcher = WORD.matcher(sentence);
        while (matcher.find()) {
            String word = normalise(matcher.group());
            if (words.contains(word)) {
                found.add(word);
            }
        }
        return (double) found.size() / words.size();
    }

    /** Lower case, accents removed. */
    private static String fold(String word) {
        return MARKS.matcher(Normalizer.normalize(word, Normalizer.Form.NFD))
                .replaceAll("")
                .toLowerCase(Locale.ROOT);
    }

    /** {@return the question's words, for tests and messages} */
    List<String> words() {
        return new ArrayList<>(words);
    }

    static String normalise(String word) {
        String folded = fold(word);
        return folded.length() > 3 && folded.endsWith("s") && !folded.endsWith("ss")
                ? folded.substring(0, folded.length() - 1)
                : folded;
    }
}
