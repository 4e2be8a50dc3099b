package io.quarry.mockserver.engine.internal.search;

import io.quarry.mockserver.engine.EngineException;
import tools.jackson.databind.JsonNode;

/**
 * The shortest query words allowed one typo ({@code minWordSizefor1Typo}, default 4) and two typos
 * ({@code minWordSizefor2Typos}, default 8). Each is a whole number of 0 or more; given together (in one request,
 * one settings object or one rule), the two-typo size may not be below the one-typo size. When they cross coming
 * from different places (the request and the settings, or a rule and the request), the two-typo size is read as
 * the one-typo size: a word too short for one typo never gets two.
 *
 * @param oneTypo the shortest word allowed one typo
 * @param twoTypos the shortest word allowed two typos, at least {@code oneTypo}
 */
public record TypoWordSizes(int oneTypo, int twoTypos) {

    /** The name of the one-typo size. */
    public static final String ONE_TYPO = "minWordSizefor1Typo";
    /** The name of the two-typo size. */
    public static final String TWO_TYPOS = "minWordSizefor2Typos";

    /**
     * {@return the effective sizes of a search}
     *
     * @param options the search's options
     * @throws EngineException 400 for a size that is no whole number of 0 or more, or two request sizes that cross
     */
    public static TypoWordSizes of(SearchOptions options) {
        // Given together by the request: a rule's size meeting the request's other one only reads as said above.
        RequestParams request = options.params().original();
        check(request.raw(ONE_TYPO), request.raw(TWO_TYPOS));
        int oneTypo = size(ONE_TYPO, options.value(ONE_TYPO), 4);
        int twoTypos = size(TWO_TYPOS, options.value(TWO_TYPOS), 8);
        return new TypoWordSizes(oneTypo, Math.max(oneTypo, twoTypos));
    }

    /**
     * Checks the sizes given together.
     *
     * @param oneTypo the one-typo size, or {@code null} (or JSON null) when not given
     * @param twoTypos the two-typo size, or {@code null} (or JSON null) when not given
     * @throws EngineException 400 naming the size that is no whole number of 0 or more, or the two-typo size when
     *     it is below the one-typo size
     */
    public static void check(JsonNode oneTypo, JsonNode twoTypos) {
        int one = size(ONE_TYPO, oneTypo, -1);
        int two = size(TWO_TYPOS, twoTypos, -1);
        if (one >= 0 && two >= 0 && two < one) {
            throw new EngineException(
                    400,
                    "Invalid value for \"" + TWO_TYPOS + "\" parameter: " + two + " is below " + ONE_TYPO + " (" + one
                            + ")");
        }
    }

    /** {@return how many typos a query word of that many characters may have: 0, 1 or 2} */
    public int typosAllowed(int wordLength) {
        return wordLength >= twoTypos ? 2 : wordLength >= oneTypo ? 1 : 0;
    }

    private static int size(String name, JsonNode value, int fallback) {
        if (value == null || value.isNull()) {
            return fallback;
        }
        int size;
        try {
            size = RequestParams.toInt(name, value);
        } catch (EngineException notAnInteger) {
            size = -1;
        }
        if (size < 0) {
            throw new EngineException(
                    400, "Invalid value for \"" + name + "\" parameter: expected a whole number of 0 or more");
        }
        return size;
    }
}
