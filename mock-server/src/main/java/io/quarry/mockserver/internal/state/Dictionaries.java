package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.LanguageDictionaries;
import io.quarry.mockserver.engine.internal.index.RecordBudget;
import io.quarry.mockserver.internal.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The application's dictionaries: custom entries of {@code stopwords}, {@code plurals} and
 * {@code compounds} by objectID, the standard entries of {@link StandardDictionaries}, and which languages have
 * their standard entries disabled. Entries are validated by the caller. Thread-safe; changes are atomic.
 *
 * <p>The custom entries count in the application's {@link RecordBudget}, beside the records: a batch that would take
 * it past its capacity is refused (403) before anything changes.
 */
public final class Dictionaries {

    /** The dictionary names. */
    public static final Set<String> NAMES = Set.of("stopwords", "plurals", "compounds");

    /** The most custom entries one dictionary holds (the mock server's quota; the service's is larger). */
    public static final int MAX_CUSTOM_ENTRIES = 1000;

    /**
     * The most characters one entry's strings (its objectID, language, word, declensions or parts) hold together, the
     * mock server's choice: an entry is a word and its forms, and one as large as the batch's 10 MB would be kept by
     * each of up to 1000 entries. Ten thousand, so that a long word in any script (four thousand emoji are eight
     * thousand characters) still fits; what entries hold counts in the record budget besides.
     */
    public static final int MAX_ENTRY_CHARACTERS = 10_000;

    /** The most declensions (plurals) or parts (compounds) one entry lists, the mock server's choice. */
    public static final int MAX_ENTRY_WORDS = 100;

    /** Thrown when a batch would exceed {@link #MAX_CUSTOM_ENTRIES}; nothing is applied then. */
    public static final class QuotaExceededException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        QuotaExceededException(String message) {
            super(message);
        }
    }

    /**
     * One validated batch item.
     *
     * @param entry the entry to add (or replace by objectID), or {@code null} for a delete
     * @param objectID the objectID
     */
    public record Change(ObjectNode entry, String objectID) {}

    private final Map<String, Map<String, ObjectNode>> custom = new TreeMap<>();
    private final Map<String, Map<String, Boolean>> disabledStandard = new TreeMap<>();
    /** What each dictionary's custom entries count in the budget ({@link ConfigBytes}). */
    private final Map<String, Long> counted = new TreeMap<>();

    private final RecordBudget budget;
    /**
     * What searches use, recomputed on every change; {@code null} until first asked for, so that a server that
     * has not yet searched has not normalised the standard entries (their accents load the JDK's Unicode tables).
     */
    private volatile LanguageDictionaries effective;

    /** @param budget where the custom entries count, beside the records */
    Dictionaries(RecordBudget budget) {
        this.budget = budget;
    }

    /** {@return what searches use: standard entries not disabled, plus custom entries (disabled stop words removed)} */
    public LanguageDictionaries effective() {
        LanguageDictionaries current = effective;
        return current != null ? current : firstEffective();
    }

    private synchronized LanguageDictionaries firstEffective() {
        if (effective == null) {
            effective = computeEffective();
        }
        return effective;
    }

    private LanguageDictionaries computeEffective() {
        Map<String, Set<String>> stopWords = new TreeMap<>();
        for (String language : languages("stopwords")) {
            Set<String> words = new TreeSet<>();
            if (!disabledStandard("stopwords").contains(language)) {
                words.addAll(StandardDictionaries.STOPWORDS.getOrDefault(language, List.of()));
            }
            for (ObjectNode entry : custom.getOrDefault("stopwords", Map.of()).values()) {
                if (language.equals(entry.path("language").asString(""))) {
                    String word = entry.path("word").asString("");
                    if (entry.path("state").asString("enabled").equals("disabled")) {
                        // The entry overrides the word as the listing does, whatever its case ("The" is "the").
                        String disabled = word.toLowerCase(Locale.ROOT);
                        words.removeIf(stop -> stop.toLowerCase(Locale.ROOT).equals(disabled));
                    } else {
                        words.add(word);
                    }
                }
            }
            stopWords.put(language, words);
        }
        Map<String, List<List<String>>> plurals = new TreeMap<>();
        for (String language : languages("plurals")) {
            List<List<String>> groups = new ArrayList<>();
            if (!disabledStandard("plurals").contains(language)) {
                groups.addAll(StandardDictionaries.PLURALS.getOrDefault(language, List.of()));
            }
            for (ObjectNode entry : custom.getOrDefault("plurals", Map.of()).values()) {
                if (language.equals(entry.path("language").asString(""))) {
                    List<String> group = new ArrayList<>();
                    entry.path("words").forEach(word -> group.add(word.asString("")));
                    groups.add(group);
                }
            }
            plurals.put(language, groups);
        }
        Map<String, Map<String, List<String>>> compounds = new TreeMap<>();
        for (String language : languages("compounds")) {
            Map<String, List<String>> splits = new TreeMap<>();
            if (!disabledStandard("compounds").contains(language)) {
                splits.putAll(StandardDictionaries.COMPOUNDS.getOrDefault(language, Map.of()));
            }
            for (ObjectNode entry : custom.getOrDefault("compounds", Map.of()).values()) {
                if (language.equals(entry.path("language").asString(""))) {
                    List<String> parts = new ArrayList<>();
                    entry.path("decomposition").forEach(part -> parts.add(part.asString("")));
                    splits.put(entry.path("word").asString(""), parts);
                }
            }
            compounds.put(language, splits);
        }
        return LanguageDictionaries.normalised(stopWords, plurals, compounds);
    }

    /**
     * Applies a batch atomically.
     *
     * @param dictionary a dictionary name
     * @param clearExisting whether every custom entry of the dictionary is removed first
     * @param changes the items in order
     * @throws QuotaExceededException when the dictionary would hold too many custom entries
     * @throws io.quarry.mockserver.engine.EngineException 403 when its entries would not fit the budget of stored
     *     records
     */
    public synchronized void apply(String dictionary, boolean clearExisting, List<Change> changes) {
        Map<String, ObjectNode> entries =
                clearExisting ? new LinkedHashMap<>() : new LinkedHashMap<>(custom.getOrDefault(dictionary, Map.of()));
        for (Change change : changes) {
            if (change.entry() == null) {
                entries.remove(change.objectID());
            } else {
                entries.put(change.objectID(), change.entry().deepCopy());
            }
        }
        if (entries.size() > MAX_CUSTOM_ENTRIES) {
            throw new QuotaExceededException("The " + dictionary + " dictionary is limited to " + MAX_CUSTOM_ENTRIES
                    + " custom entries by the mock server");
        }
        long bytes = 0;
        for (ObjectNode entry : entries.values()) {
            // the entry kept, and its words again in what searches use
            bytes += ConfigBytes.of(entry);
        }
        long growth = bytes - counted.getOrDefault(dictionary, 0L);
        budget.requireRoom(growth);
        custom.put(dictionary, entries);
        counted.put(dictionary, bytes);
        budget.addConfig(growth);
        effective = computeEffective();
    }

    /**
     * {@return its entries, custom first (each with {@code type: custom}), then the standard ones not overridden
     *     (with {@code type: standard})}
     *
     * @param dictionary a dictionary name
     * @param language a language code, or {@code null} for all
     */
    public synchronized List<ObjectNode> entries(String dictionary, String language) {
        List<ObjectNode> all = new ArrayList<>();
        Set<String> overridden = new TreeSet<>();
        for (ObjectNode entry : custom.getOrDefault(dictionary, Map.of()).values()) {
            if (language == null || language.equals(entry.path("language").asString(""))) {
                ObjectNode copy = entry.deepCopy();
                copy.put("type", "custom");
                all.add(copy);
            }
            overridden.add(entry.path("language").asString("") + '\n' + identity(entry));
        }
        for (ObjectNode entry : standardEntries(dictionary)) {
            boolean languageMatches =
                    language == null || language.equals(entry.get("language").asString());
            if (languageMatches && !overridden.contains(entry.get("language").asString() + '\n' + identity(entry))) {
                all.add(entry);
            }
        }
        return all;
    }

    /** The word an entry is about, lower case: its word, or for plurals its first declension. */
    private static String identity(JsonNode entry) {
        if (entry.has("word")) {
            return entry.get("word").asString("").toLowerCase(Locale.ROOT);
        }
        JsonNode words = entry.path("words");
        return words.isArray() && !words.isEmpty() ? words.get(0).asString("").toLowerCase(Locale.ROOT) : "";
    }

    private static List<ObjectNode> standardEntries(String dictionary) {
        List<ObjectNode> entries = new ArrayList<>();
        switch (dictionary) {
            case "stopwords" ->
                new TreeMap<>(StandardDictionaries.STOPWORDS)
                        .forEach((language, words) -> words.forEach(word -> {
                            ObjectNode entry = standard(dictionary, language, word);
                            entry.put("word", word);
                            entry.put("state", "enabled");
                            entries.add(entry);
                        }));
            case "plurals" ->
                new TreeMap<>(StandardDictionaries.PLURALS)
                        .forEach((language, groups) -> groups.forEach(group -> {
                            ObjectNode entry = standard(dictionary, language, group.get(0));
                            ArrayNode words = entry.putArray("words");
                            group.forEach(words::add);
                            entries.add(entry);
                        }));
            case "compounds" ->
                new TreeMap<>(StandardDictionaries.COMPOUNDS)
                        .forEach((language, compounds) -> new TreeMap<>(compounds).forEach((word, parts) -> {
                            ObjectNode entry = standard(dictionary, language, word);
                            entry.put("word", word);
                            ArrayNode decomposition = entry.putArray("decomposition");
                            parts.forEach(decomposition::add);
                            entries.add(entry);
                        }));
            default -> throw new IllegalArgumentException("unknown dictionary " + dictionary);
        }
        return entries;
    }

    private static ObjectNode standard(String dictionary, String language, String word) {
        ObjectNode entry = Json.object();
        entry.put("objectID", "standard-" + dictionary + "-" + language + "-" + word);
        entry.put("language", language);
        entry.put("type", "standard");
        return entry;
    }

    /**
     * {@return the languages it supports: those with standard entries and those with custom entries}
     *
     * @param dictionary a dictionary name
     */
    public synchronized Set<String> languages(String dictionary) {
        Set<String> languages = new TreeSet<>(
                switch (dictionary) {
                    case "stopwords" -> StandardDictionaries.STOPWORDS.keySet();
                    case "plurals" -> StandardDictionaries.PLURALS.keySet();
                    case "compounds" -> StandardDictionaries.COMPOUNDS.keySet();
                    default -> throw new IllegalArgumentException("unknown dictionary " + dictionary);
                });
        custom.getOrDefault(dictionary, Map.of())
                .values()
                .forEach(entry -> languages.add(entry.path("language").asString("")));
        return languages;
    }

    /**
     * {@return how many custom entries it has in that language}
     *
     * @param dictionary a dictionary name
     * @param language a language code
     */
    public synchronized int customCount(String dictionary, String language) {
        return (int) custom.getOrDefault(dictionary, Map.of()).values().stream()
                .filter(entry -> language.equals(entry.path("language").asString("")))
                .count();
    }

    /**
     * Changes which languages have their standard entries disabled.
     *
     * @param dictionary a dictionary name
     * @param languages language code to disabled (true) or enabled (false); {@code null} enables every language
     */
    public synchronized void disableStandard(String dictionary, Map<String, Boolean> languages) {
        if (languages == null) {
            disabledStandard.remove(dictionary);
            effective = computeEffective();
            return;
        }
        Map<String, Boolean> disabled = disabledStandard.computeIfAbsent(dictionary, d -> new TreeMap<>());
        languages.forEach((language, off) -> {
            if (off) {
                disabled.put(language, true);
            } else {
                disabled.remove(language);
            }
        });
        effective = computeEffective();
    }

    /**
     * {@return the languages whose standard entries are disabled}
     *
     * @param dictionary a dictionary name
     */
    public synchronized Set<String> disabledStandard(String dictionary) {
        return new TreeSet<>(disabledStandard.getOrDefault(dictionary, Map.of()).keySet());
    }

    /** Removes every custom entry and setting. */
    public synchronized void clear() {
        custom.clear();
        counted.values().forEach(bytes -> budget.addConfig(-bytes));
        counted.clear();
        disabledStandard.clear();
        effective = computeEffective();
    }
}
