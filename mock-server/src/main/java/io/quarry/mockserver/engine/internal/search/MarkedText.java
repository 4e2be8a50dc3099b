package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.internal.text.Token;
import io.quarry.mockserver.engine.internal.text.Tokenizer;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A text with the words that match the query marked: for each word, how many leading characters to highlight
 * (all of it for a whole-word match, the matched start for a prefix match).
 */
public final class MarkedText {

    private final String text;
    private final List<Token> tokens;
    private final int[] highlighted;
    private final Set<String> matchedWords = new LinkedHashSet<>();
    // By position in the query: a query repeating a word ("apple apple") matches fully once each copy matched.
    private final boolean[] wordMatched;
    private int wordsMatched;

    /**
     * @param text the original text
     * @param words the query reading to mark
     */
    public MarkedText(String text, List<QueryWord> words) {
        this(text, new QueryMarks(words), true);
    }

    /**
     * @param text the original text
     * @param marks the query reading to mark, by term
     * @param typos whether matches with typos count (not in the attributes of disableTypoToleranceOnAttributes)
     */
    MarkedText(String text, QueryMarks marks, boolean typos) {
        this.text = text;
        this.tokens = Tokenizer.tokens(text);
        this.highlighted = new int[tokens.size()];
        List<QueryWord> words = marks.words();
        this.wordMatched = new boolean[words.size()];
        for (int k = 0; k < tokens.size(); k++) {
            Token token = tokens.get(k);
            int[] positions = marks.positions(token.term());
            List<int[]> phrases = marks.phrasesStartingWith(token.term());
            // Both in ascending query position, merged so that words are found in query order.
            int t = 0;
            int p = 0;
            while (t < positions.length || p < phrases.size()) {
                boolean term = p == phrases.size() || (t < positions.length && positions[t] <= phrases.get(p)[0]);
                if (term) {
                    QueryWord word = words.get(positions[t++]);
                    TermMatch match = word.terms().get(token.term());
                    if (typos || match.typos() == 0) {
                        int length = token.end() - token.start();
                        int marked = match.prefixOnly() ? Math.min(match.matchedLength(), length) : length;
                        highlighted[k] = Math.max(highlighted[k], marked);
                        matched(positions[t - 1], word);
                    }
                } else {
                    int[] phrase = phrases.get(p++);
                    QueryWord word = words.get(phrase[0]);
                    if (markPhrase(word.phrases().get(phrase[1]), k)) {
                        matched(phrase[0], word);
                    }
                }
            }
        }
    }

    private void matched(int position, QueryWord word) {
        matchedWords.add(word.word());
        if (!wordMatched[position]) {
            wordMatched[position] = true;
            wordsMatched++;
        }
    }

    /** {@return whether the phrase starts at token {@code k}, after marking it} */
    private boolean markPhrase(List<String> phrase, int k) {
        if (k + phrase.size() > tokens.size()) {
            return false;
        }
        for (int i = 0; i < phrase.size(); i++) {
            if (!tokens.get(k + i).term().equals(phrase.get(i))) {
                return false;
            }
        }
        for (int i = 0; i < phrase.size(); i++) {
            Token token = tokens.get(k + i);
            highlighted[k + i] = token.end() - token.start();
        }
        return true;
    }

    /** {@return {@code full} when every query word matched, {@code partial} when some did, else {@code none}} */
    public String matchLevel() {
        if (matchedWords.isEmpty()) {
            return "none";
        }
        return wordsMatched == wordMatched.length ? "full" : "partial";
    }

    /** {@return the query words that matched, in query order of discovery} */
    public List<String> matchedWords() {
        return new ArrayList<>(matchedWords);
    }

    /** {@return whether every word of the text is highlighted entirely} */
    public boolean fullyHighlighted() {
        if (tokens.isEmpty() || matchedWords.isEmpty()) {
            return false;
        }
        for (int k = 0; k < tokens.size(); k++) {
            if (highlighted[k] < tokens.get(k).end() - tokens.get(k).start()) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@return the whole text with the matches wrapped in the tags}
     *
     * @param pre the opening tag
     * @param post the closing tag
     * @param budget what the tags may add to the answer; a match past it is left plain
     */
    public String highlight(String pre, String post, TagBudget budget) {
        return render(0, text.length(), pre, post, budget);
    }

    /**
     * {@return a window of {@code words} words around the first match (the start of the text when none matched)}
     *
     * @param words how many words the snippet holds
     * @param pre the opening tag
     * @param post the closing tag
     * @param ellipsis the text marking a cut
     * @param budget what the tags and ellipses may add to the answer; past it, matches are plain and cuts unmarked
     */
    public String snippet(int words, String pre, String post, String ellipsis, TagBudget budget) {
        if (tokens.size() <= words) {
            return render(0, text.length(), pre, post, budget);
        }
        int first = 0;
        while (first < tokens.size() && highlighted[first] == 0) {
            first++;
        }
        if (first == tokens.size()) {
            first = 0;
        }
        int startToken = Math.max(0, first - Math.max(0, (words - 1) / 2));
        startToken = Math.min(startToken, tokens.size() - words);
        int endToken = startToken + words - 1;
        int from = startToken == 0 ? 0 : tokens.get(startToken).start();
        int to = endToken == tokens.size() - 1
                ? text.length()
                : tokens.get(endToken).end();
        String before = from > 0 && budget.take(ellipsis.length()) ? ellipsis : "";
        String body = render(from, to, pre, post, budget);
        return before + body + (to < text.length() && budget.take(ellipsis.length()) ? ellipsis : "");
    }

    private String render(int from, int to, String pre, String post, TagBudget budget) {
        StringBuilder out = new StringBuilder();
        int cursor = from;
        for (int k = 0; k < tokens.size(); k++) {
            Token token = tokens.get(k);
            if (highlighted[k] == 0 || token.start() < from || token.end() > to) {
                continue;
            }
            if (!budget.take((long) pre.length() + post.length())) {
                break;
            }
            out.append(text, cursor, token.start());
            out.append(pre)
                    .append(text, token.start(), token.start() + highlighted[k])
                    .append(post);
            cursor = token.start() + highlighted[k];
        }
        out.append(text, cursor, to);
        return out.toString();
    }
}
