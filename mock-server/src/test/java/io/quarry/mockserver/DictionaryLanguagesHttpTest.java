package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.node.ObjectNode;

/**
 * The language of a dictionary entry, and each language of the settings, is one the service supports: a two-letter
 * ISO 639-1 code, alone or with a country ({@code pt-br}). Any other is a 400 naming it, and nothing of the batch
 * or the settings applies. Random codes are drawn from a fixed seed, judged against the ISO lists.
 */
class DictionaryLanguagesHttpTest {

    private static final long SEED = 20261129L;
    private static final List<String> DICTIONARIES = List.of("stopwords", "plurals", "compounds");
    private static final Set<String> LANGUAGES = Set.of(Locale.getISOLanguages());
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient client = new TestClient(MOCK.server());

    @Test
    void entriesInLanguagesTheServiceSupportsAreTakenAndListed() {
        for (String dictionary : DICTIONARIES) {
            for (String language : List.of("en", "pt-br", "zh", "nl", "he", "iw")) {
                batch(dictionary, entry(dictionary, "ok-" + language, language)).requireOk();
            }
        }

        Reply languages = client.get("/1/dictionaries/*/languages").requireOk();
        assertThat(languages.body().at("/pt-br/plurals/nbCustomEntries").asInt())
                .isEqualTo(1);
        assertThat(languages.body().at("/zh/compounds/nbCustomEntries").asInt()).isEqualTo(1);
    }

    @Test
    void hostileLanguagesAreRefusedByNameAndTheBatchIsNotApplied() {
        List<String> hostile = List.of(
                "",
                "xx",
                "EN",
                "eng",
                "en-US",
                "pt-BR",
                "pt_br",
                "en-zz",
                "en-",
                "-en",
                "e",
                "en-usa",
                "x-\u00e9",
                "en\u0000",
                "en ",
                "\u0435n",
                "q".repeat(10_000));
        for (String dictionary : DICTIONARIES) {
            for (String language : hostile) {
                Reply refused = batch(dictionary, entry(dictionary, "good", "en"), entry(dictionary, "bad", language));

                assertThat(refused.status())
                        .as("%s %s", dictionary, shown(language))
                        .isEqualTo(400);
                assertThat(refused.body().get("message").asString())
                        .as("%s %s", dictionary, shown(language))
                        .startsWith(language.isEmpty() ? "" : "Invalid language ")
                        .hasSizeLessThan(400);
            }
            assertThat(client.get("/1/dictionaries/" + dictionary + "/search?query=&language=en&hitsPerPage=1000")
                            .requireOk()
                            .body()
                            .toString())
                    .as("%s: no batch applied", dictionary)
                    .doesNotContain("\"good\"");
        }
    }

    @Test
    void settingsInAnUnknownLanguageAreRefusedAndNothingChanges() {
        Reply refused = client.put(
                "/1/dictionaries/*/settings",
                "{\"disableStandardEntries\":{\"stopwords\":{\"en\":true,\"english\":true}}}");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asString()).startsWith("Invalid language english");
        assertThat(client.get("/1/dictionaries/*/settings").requireOk().body().toString())
                .doesNotContain("\"en\"");
        client.put("/1/dictionaries/*/settings", "{\"disableStandardEntries\":{\"stopwords\":{\"pt-br\":true}}}")
                .requireOk();
    }

    @Test
    void randomCodesAreJudgedAsTheIsoListsSay() {
        Random random = new Random(SEED);
        String alphabet = "abcdefghijklmnopqrstuvwxyzABZ-_0\u00e9";
        for (int i = 0; i < 200; i++) {
            StringBuilder code = new StringBuilder();
            int length = random.nextInt(3) == 0 ? 5 : 2 + random.nextInt(2);
            for (int c = 0; c < length; c++) {
                code.append(c == 2 && length == 5 ? '-' : alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String dictionary = DICTIONARIES.get(random.nextInt(DICTIONARIES.size()));

            Reply reply = batch(dictionary, entry(dictionary, "r" + i, code.toString()));

            assertThat(reply.status())
                    .as("seed %d, code %s (%s)", SEED, code, dictionary)
                    .isEqualTo(supported(code.toString()) ? 200 : 400);
        }
    }

    /** {@return whether the ISO lists know it: a language, or a language and a country, lower-case} */
    private static boolean supported(String code) {
        if (code.length() == 5 && code.charAt(2) == '-') {
            String country = code.substring(3);
            return LANGUAGES.contains(code.substring(0, 2))
                    && country.equals(country.toLowerCase(Locale.ROOT))
                    && COUNTRIES.contains(country.toUpperCase(Locale.ROOT));
        }
        return code.length() == 2 && LANGUAGES.contains(code);
    }

    private static String shown(String language) {
        return language.length() > 20 ? language.substring(0, 20) + "..." : language;
    }

    private static ObjectNode entry(String dictionary, String objectID, String language) {
        ObjectNode entry = Json.object().put("objectID", objectID).put("language", language);
        switch (dictionary) {
            case "stopwords" -> entry.put("word", objectID);
            case "plurals" -> entry.putArray("words").add(objectID).add(objectID + "s");
            default -> {
                entry.put("word", objectID);
                entry.putArray("decomposition");
            }
        }
        return entry;
    }

    private Reply batch(String dictionary, ObjectNode... entries) {
        ObjectNode body = Json.object();
        for (ObjectNode entry : entries) {
            body.withArray("requests").addObject().put("action", "addEntry").set("body", entry);
        }
        return client.post("/1/dictionaries/" + dictionary + "/batch", body.toString());
    }
}
