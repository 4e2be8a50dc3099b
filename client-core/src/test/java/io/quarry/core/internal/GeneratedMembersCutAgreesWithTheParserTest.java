package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The copy without generated members parses exactly when the answer does, to the answer's values less those members:
 * on random answers ({@link RandomAnswers}), as single searches and as multi-searches, and on every one of them
 * damaged at random (a byte deleted, inserted, replaced, a stretch repeated), where the damage often falls in a
 * member the cut checks. Jackson's tree reading is the judge.
 */
class GeneratedMembersCutAgreesWithTheParserTest {

    private static final ObjectMapper JACKSON = JsonMapper.builder().build();
    private static final List<String> CUT_NAMES = List.of("_highlightResult", "_snippetResult", "_rankingInfo");
    private static final byte[] DAMAGE = bytes("{}[]\",:\\01e-.tn \n\u0001aZ");
    private static final int ANSWERS = 150;
    private static final int DAMAGED_PER_ANSWER = 16;

    private int copiesChecked;
    private int refusedByBoth;

    @Test
    void theCopyParsesExactlyWhenTheAnswerDoesToTheSameValues() {
        Random random = new Random(7);
        for (long seed = 0; seed < ANSWERS; seed++) {
            String single = new RandomAnswers(seed).next().json();
            String multi = "{\"results\":[" + single + ",{\"facetHits\":[]},"
                    + new RandomAnswers(seed + ANSWERS).next().json() + "]}";
            for (String answer : new String[] {single, multi}) {
                byte[] bytes = bytes(answer);
                agree(bytes);
                for (int i = 0; i < DAMAGED_PER_ANSWER; i++) {
                    agree(damaged(bytes, random));
                }
            }
        }
        // the damage reached the members the cut checks, and undamaged answers were cut
        assertThat(copiesChecked).isGreaterThan(ANSWERS);
        assertThat(refusedByBoth).isGreaterThan(ANSWERS / 4);
    }

    private void agree(byte[] answer) {
        byte[] copy = new byte[answer.length];
        int length = GeneratedMembersCut.cut(answer, answer.length, copy);
        if (length == GeneratedMembersCut.NOTHING_CUT) {
            return;
        }
        copiesChecked++;
        JsonNode whole = tree(answer, answer.length);
        JsonNode cut = tree(copy, length);
        String what = new String(answer, StandardCharsets.UTF_8) + "\n cut to \n"
                + new String(copy, 0, length, StandardCharsets.UTF_8);
        assertThat(cut == null).as(what).isEqualTo(whole == null);
        if (whole == null) {
            refusedByBoth++;
            return;
        }
        assertThat(cut).as(what).isEqualTo(withoutGeneratedMembers(whole));
    }

    private static JsonNode tree(byte[] json, int length) {
        try {
            return JACKSON.readTree(Arrays.copyOf(json, length));
        } catch (JacksonException e) {
            return null;
        }
    }

    private static JsonNode withoutGeneratedMembers(JsonNode answer) {
        JsonNode copy = answer.deepCopy();
        removeFromHits(copy);
        for (JsonNode result : copy.path("results")) {
            removeFromHits(result);
        }
        return copy;
    }

    private static void removeFromHits(JsonNode owner) {
        if (owner.isObject() && owner.get("hits") != null && owner.get("hits").isArray()) {
            for (JsonNode hit : owner.get("hits")) {
                if (hit instanceof ObjectNode object) {
                    CUT_NAMES.forEach(object::remove);
                }
            }
        }
    }

    private static byte[] damaged(byte[] answer, Random random) {
        int at = random.nextInt(answer.length);
        byte with =
                random.nextInt(6) == 0 ? (byte) (0x80 + random.nextInt(128)) : DAMAGE[random.nextInt(DAMAGE.length)];
        return switch (random.nextInt(4)) {
            case 0 -> concat(Arrays.copyOf(answer, at), Arrays.copyOfRange(answer, at + 1, answer.length));
            case 1 ->
                concat(Arrays.copyOf(answer, at), new byte[] {with}, Arrays.copyOfRange(answer, at, answer.length));
            case 2 -> {
                byte[] replaced = answer.clone();
                replaced[at] = with;
                yield replaced;
            }
            default -> {
                int to = Math.min(answer.length, at + 1 + random.nextInt(12));
                yield concat(Arrays.copyOf(answer, to), Arrays.copyOfRange(answer, at, answer.length));
            }
        };
    }

    private static byte[] concat(byte[]... parts) {
        int length = 0;
        for (byte[] part : parts) {
            length += part.length;
        }
        byte[] all = new byte[length];
        int at = 0;
        for (byte[] part : parts) {
            System.arraycopy(part, 0, all, at, part.length);
            at += part.length;
        }
        return all;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
