package io.quarry.mockserver.internal.state;

import java.util.List;
import java.util.Map;

/**
 * The mock server's small standard dictionaries (the service ships large ones): common stop words of English,
 * French, German and Spanish, a few plural groups of the same languages, and a few German and Dutch compounds.
 * Which languages a dictionary supports decides {@code nbCustomEntries} or {@code null} in the languages listing.
 */
final class StandardDictionaries {

    /** Stop words by language. */
    static final Map<String, List<String>> STOPWORDS = Map.of(
            "en",
                    List.of(
                            "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "in", "is", "it", "of",
                            "on", "or", "that", "the", "this", "to", "with"),
            "fr",
                    List.of(
                            "au", "aux", "avec", "ce", "dans", "de", "des", "du", "en", "et", "la", "le", "les", "ou",
                            "par", "pour", "sur", "un", "une"),
            "de",
                    List.of(
                            "der", "die", "das", "und", "oder", "ein", "eine", "mit", "von", "zu", "im", "in", "auf",
                            "für"),
            "es", List.of("el", "la", "los", "las", "de", "del", "y", "o", "en", "un", "una", "con", "por", "para"));

    /** Plural groups (every declension of a word) by language. */
    static final Map<String, List<List<String>>> PLURALS = Map.of(
            "en",
                    List.of(
                            List.of("shoe", "shoes"),
                            List.of("child", "children"),
                            List.of("mouse", "mice"),
                            List.of("person", "people"),
                            List.of("box", "boxes"),
                            List.of("city", "cities"),
                            List.of("knife", "knives"),
                            List.of("phone", "phones"),
                            List.of("book", "books")),
            "fr",
                    List.of(
                            List.of("cheval", "chevaux"),
                            List.of("journal", "journaux"),
                            List.of("oeil", "yeux"),
                            List.of("livre", "livres")),
            "de", List.of(List.of("haus", "häuser"), List.of("buch", "bücher"), List.of("kind", "kinder")),
            "es", List.of(List.of("libro", "libros"), List.of("ciudad", "ciudades")));

    /** Compound decompositions by language: compound word to its parts. */
    static final Map<String, Map<String, List<String>>> COMPOUNDS = Map.of(
            "de",
                    Map.of(
                            "fussball",
                            List.of("fuss", "ball"),
                            "handschuh",
                            List.of("hand", "schuh"),
                            "kinderwagen",
                            List.of("kinder", "wagen")),
            "nl", Map.of("voetbal", List.of("voet", "bal"), "fietspad", List.of("fiets", "pad")));

    private StandardDictionaries() {}
}
