package io.quarry.mockserver.internal.products.answers;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Finds the answer in one hit: the sentence, among the attributes for prediction, holding the largest share of
 * the question's words (the first such sentence on a tie), with those words wrapped in the highlighting tags (while
 * the tags added stay within {@value #MAX_MARKUP_CHARS} characters; later words stay plain).
 */
final class AnswerExtractor {

    /** Bounds the text read per attribute value. */
    static final int MAX_TEXT_CHARS = 100_000;

    /** Bounds the tags added to one extract: a long tag around each of many words would grow it without limit. */
    static final int MAX_MARKUP_CHARS = 10_000;

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+|\\n+");

    /**
     * The best answer of a hit.
     *
     * @param extract the sentence, question words highlighted
     * @param attribute the attribute it comes from
     * @param score the share of the question's words it holds, 0 to 1
     */
    record Answer(String extract, String attribute, double score) {}

    private final QuestionWords question;
    private final List<String> attributes;
    private final String preTag;
    private final String postTag;

    AnswerExtractor(QuestionWords question, List<String> attributes, String preTag, String postTag) {
        this.question = question;
        this.attributes = attributes;
        this.preTag = preTag;
        this.postTag = postTag;
    }

    /**
     * {@return its best answer, or {@code null} when it holds no text}
     *
     * @param hit a search hit
     */
    Answer answer(ObjectNode hit) {
        Answer best = null;
        for (Map.Entry<String, JsonNode> text : texts(hit)) {
            String value = text.getValue().asString();
            String bounded = value.length() > MAX_TEXT_CHARS ? value.substring(0, MAX_TEXT_CHARS) : value;
            for (String sentence : SENTENCE_END.split(bounded)) {
                String trimmed = sentence.trim();
                if (trimmed.isEmpty()) {
                    continue;
                }
                double score = question.overlap(trimmed);
                if (best == null || score > best.score()) {
                    best = new Answer(trimmed, text.getKey(), score);
                }
            }
        }
        return best == null ? null : new Answer(highlight(best.extract()), best.attribute(), best.score());
    }

    /**
     * The string values of the attributes for prediction, each with the dotted path it was found at, in order. An
     * attribute holding an object or a list stands for every string inside, as in the search's attribute lists; a
     * dotted path goes through lists ({@code sections.body} reaches the body of each section).
     */
    private List<Map.Entry<String, JsonNode>> texts(ObjectNode hit) {
        List<Map.Entry<String, JsonNode>> texts = new ArrayList<>();
        if (attributes.contains("*")) {
            for (Map.Entry<String, JsonNode> member : hit.properties()) {
                if (!member.getKey().startsWith("_") && !member.getKey().equals("objectID")) {
                    addTexts(member.getKey(), member.getValue(), texts);
                }
            }
            return texts;
        }
        for (String attribute : attributes) {
            JsonNode named = hit.get(attribute);
            if (named != null) {
                addTexts(attribute, named, texts);
            } else {
                follow(hit, attribute.split("\\.", -1), 0, attribute, texts);
            }
        }
        return texts;
    }

    /** Follows the path's parts from {@code at}, through objects and into each item of a list. */
    private static void follow(
            JsonNode node, String[] parts, int at, String attribute, List<Map.Entry<String, JsonNode>> into) {
        if (at == parts.length) {
            addTexts(attribute, node, into);
        } else if (node.isArray()) {
            for (JsonNode item : node) {
                follow(item, parts, at, attribute, into);
            }
        } else if (node.isObject() && node.has(parts[at])) {
            follow(node.get(parts[at]), parts, at + 1, attribute, into);
        }
    }

    /** Adds every string in the value: itself, or those nested in its lists and objects, each with its path. */
    private static void addTexts(String path, JsonNode value, List<Map.Entry<String, JsonNode>> into) {
        if (value.isString()) {
            into.add(Map.entry(path, value));
        } else if (value.isArray()) {
            for (JsonNode item : value) {
                addTexts(path, item, into);
            }
        } else if (value.isObject()) {
            for (Map.Entry<String, JsonNode> member : value.properties()) {
                addTexts(path + "." + member.getKey(), member.getValue(), into);
            }
        }
    }

    /** The sentence with the question's words wrapped in the tags, until the tags added reach the bound. */
    private String highlight(String sentence) {
        StringBuilder out = new StringBuilder();
        Matcher matcher = QuestionWords.WORD.matcher(sentence);
        int at = 0;
        long markup = 0;
        int perWord = preTag.length() + postTag.length();
        while (matcher.find() && markup + perWord <= MAX_MARKUP_CHARS) {
            if (question.contains(matcher.group())) {
                markup += perWord;
                out.append(sentence, at, matcher.start())
                        .append(preTag)
                        .append(matcher.group())
                        .append(postTag);
                at = matcher.end();
            }
        }
        return out.append(sentence.substring(at)).toString();
    }
}
