package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import io.quarry.core.EnrichedRecord;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.TypeRef;
import io.quarry.core.internal.base.RecordSettings;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.LongStream;
import okio.Buffer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * Random answers ({@link RandomAnswers}) decoded every way the SDK decodes a response: each hit's record, objectID
 * and generated members come out as a plain reading of the same JSON gives them. The ways differ in where the
 * generated members' bytes come from (an array with stale bytes after the answer, a body arriving in pieces of any
 * size, or whole, tokens with no bytes at all) and in whose mapper reads the record; a slip in any of them loses
 * or garbles a member, and only some answers show it.
 */
class HitDecodingAgreesOnRandomAnswersTest {

    /** How a module says to ask for each member (the core knows no module's parameters). */
    private static final Map<String, String> HOW_TO_ASK = Map.of(
            "_highlightResult", "in the query (attributesToHighlight)",
            "_snippetResult", "in the query (attributesToSnippet)",
            "_rankingInfo", "in the query (getRankingInfo)");

    private static final int ANSWER_COUNT = 300;

    /**
     * The answers, made once for every test of the class (made anew in each, about a quarter of its CPU). The
     * answer at index {@code seed} is {@code new RandomAnswers(seed).next()}.
     */
    private static final List<RandomAnswers.Answer> ANSWERS = LongStream.range(0, ANSWER_COUNT)
            .mapToObj(seed -> new RandomAnswers(seed).next())
            .toList();

    /** A hit's description: formatted only when an assertion fails, not concatenated for every hit. */
    private static final String HIT = "%s, hit %d";

    /** The stored attributes both record types read. */
    interface Stored {
        String name();

        int price();

        List<String> tags();
    }

    /** A record type that declares the objectID: the parser's one reading of it serves the record and the hit. */
    record Product(String objectID, String name, int price, List<String> tags) implements Stored {}

    /** One that does not: the hit's objectID is stepped over like a generated member. */
    record Listing(String name, int price, List<String> tags) implements Stored {}

    record ProductPage(List<EnrichedRecord<Product>> hits, int nbHits) {}

    record ListingPage(List<EnrichedRecord<Listing>> hits, int nbHits) {}

    /** One that takes every other member itself: it sees the generated ones too, and its hit keeps its bytes. */
    static final class Bag implements Stored {
        private String name;
        private int price;
        private List<String> tags;
        private final Map<String, Object> others = new LinkedHashMap<>();

        @Override
        public String name() {
            return name;
        }

        public void setName(String name) {
            this.name = name;
        }

        @Override
        public int price() {
            return price;
        }

        public void setPrice(int price) {
            this.price = price;
        }

        @Override
        public List<String> tags() {
            return tags;
        }

        public void setTags(List<String> tags) {
            this.tags = tags;
        }

        @JsonAnySetter
        void put(String name, Object value) {
            others.put(name, value);
        }
    }

    record BagPage(List<EnrichedRecord<Bag>> hits, int nbHits) {}

    private static final RecordMapperJson RECORD_MAPPER =
            new RecordMapperJson(RecordSettings.applyTo(JsonMapper.builder()).build());

    /** The ways a response is decoded. */
    enum Way {
        /** A pooled array: the answer, then whatever an earlier answer left. */
        ARRAY,
        /** As it arrives, in reads of 1 to 40 bytes. */
        ARRIVING_IN_PIECES,
        /** As it arrives, all at once. */
        ARRIVING_WHOLE,
        /** Converted from a decoded value: tokens, no bytes to keep. */
        CONVERTED,
        /** A client given a record mapper: the records through it, from a pooled array. */
        RECORD_MAPPER_ARRAY,
        /** A client given a record mapper, the answer arriving in pieces. */
        RECORD_MAPPER_ARRIVING
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void everyHitKeepsItsRecordItsObjectIDAndExactlyItsGeneratedMembers(Way way) {
        for (long seed = 0; seed < ANSWER_COUNT; seed++) {
            RandomAnswers.Answer answer = ANSWERS.get((int) seed);
            String what = way + ", seed " + seed + ": " + answer.json();

            List<EnrichedRecord<Product>> products = decode(way, answer, ProductPage.class, Product.class, seed);
            List<EnrichedRecord<Listing>> listings = decode(way, answer, ListingPage.class, Listing.class, seed);
            List<EnrichedRecord<Bag>> bags = decode(way, answer, BagPage.class, Bag.class, seed);

            assertThat(products).as(what).hasSize(answer.hits().size());
            assertThat(listings).as(what).hasSize(answer.hits().size());
            assertThat(bags).as(what).hasSize(answer.hits().size());
            for (int i = 0; i < answer.hits().size(); i++) {
                RandomAnswers.ExpectedHit expected = answer.hits().get(i);
                EnrichedRecord<Product> product = products.get(i);
                assertStored(product.record(), expected, what, i);
                assertThat(product.record().objectID()).as(HIT, what, i).isEqualTo(objectIDProperty(expected));
                assertStored(listings.get(i).record(), expected, what, i);
                EnrichedRecord<Bag> bag = bags.get(i);
                assertStored(bag.record(), expected, what, i);
                FreeFormRecord generated = Json.read(expected.generatedJson(), FreeFormRecord.class);
                assertThat(bag.record().others.keySet()).as(HIT, what, i).containsAll(generated.names());
                for (EnrichedRecord<?> decoded : List.of(product, listings.get(i), bag)) {
                    assertThat(decoded.objectID()).as(HIT, what, i).isEqualTo(Optional.ofNullable(expected.objectID()));
                    assertThat(decoded.generatedMembers()).as(HIT, what, i).isEqualTo(generated);
                    assertThat(decoded.raw().attributes())
                            .as(HIT, what, i)
                            .containsAllEntriesOf(generated.attributes());
                }
            }
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = Way.class,
            names = {"ARRAY", "ARRIVING_IN_PIECES", "ARRIVING_WHOLE"})
    void withoutGeneratedMembersEveryRecordStillComesWholeAndNothingElseIsKept(Way way) {
        for (long seed = 0; seed < ANSWER_COUNT; seed++) {
            RandomAnswers.Answer answer = ANSWERS.get((int) seed);
            String what = way + ", seed " + seed + ": " + answer.json();
            byte[] json = answer.json().getBytes(StandardCharsets.UTF_8);

            Type type = ProductPage.class;
            ProductPage page = switch (way) {
                case ARRAY -> Json.readDroppingGeneratedMembers(withStaleBytesAfter(json, seed), json.length, type);
                case ARRIVING_IN_PIECES -> Json.readDroppingGeneratedMembers(arriving(json, seed), type);
                default ->
                    Json.readDroppingGeneratedMembers(new ArrivingBody(new Buffer().write(json), Long.MAX_VALUE), type);
            };

            assertThat(page.hits()).as(what).hasSize(answer.hits().size());
            for (int i = 0; i < answer.hits().size(); i++) {
                RandomAnswers.ExpectedHit expected = answer.hits().get(i);
                EnrichedRecord<Product> hit = page.hits().get(i);
                assertStored(hit.record(), expected, what, i);
                // the record reads its objectID as text straight from the parser, and the hit's is read back from it:
                // the answer's, or for an objectID the service never sends (a number) what the record made of it
                assertThat(hit.objectID())
                        .as(what)
                        .isEqualTo(Optional.ofNullable(
                                expected.objectID() != null
                                        ? expected.objectID()
                                        : hit.record().objectID()));
                assertThatThrownBy(hit::generatedMembers).isInstanceOf(IllegalStateException.class);
            }
            // a record type without an objectID is read through the parser of ours: the hit's is the answer's
            ListingPage listings = switch (way) {
                case ARRAY ->
                    Json.readDroppingGeneratedMembers(withStaleBytesAfter(json, seed), json.length, ListingPage.class);
                case ARRIVING_IN_PIECES -> Json.readDroppingGeneratedMembers(arriving(json, seed), ListingPage.class);
                default ->
                    Json.readDroppingGeneratedMembers(
                            new ArrivingBody(new Buffer().write(json), Long.MAX_VALUE), ListingPage.class);
            };
            for (int i = 0; i < answer.hits().size(); i++) {
                EnrichedRecord<Listing> hit = listings.hits().get(i);
                assertStored(hit.record(), answer.hits().get(i), what, i);
                assertThat(hit.objectID())
                        .as(what)
                        .isEqualTo(Optional.ofNullable(answer.hits().get(i).objectID()));
                assertThatThrownBy(hit::generatedMembers).isInstanceOf(IllegalStateException.class);
            }
        }
    }

    /** The members a search asks for, one kept or several: any subset but the empty one (which keeps none). */
    private static final List<String> ASKABLE = List.of("_highlightResult", "_snippetResult", "_rankingInfo");

    @ParameterizedTest
    @EnumSource(
            value = Way.class,
            names = {"ARRAY", "ARRIVING_IN_PIECES", "ARRIVING_WHOLE", "RECORD_MAPPER_ARRAY", "RECORD_MAPPER_ARRIVING"})
    void keepingSomeMembersEveryHitKeepsExactlyThoseAndThrowsForTheOthers(Way way) {
        for (long seed = 0; seed < ANSWER_COUNT; seed++) {
            RandomAnswers.Answer answer = ANSWERS.get((int) seed);
            int subset = 1 + (int) (seed % 7); // 1 to 7: which of the three are kept
            java.util.Set<String> kept = new java.util.HashSet<>();
            for (int m = 0; m < ASKABLE.size(); m++) {
                if ((subset & (1 << m)) != 0) {
                    kept.add(ASKABLE.get(m));
                }
            }
            KeptMembers keeping = KeptMembers.of(List.of(kept), HOW_TO_ASK);
            String what = way + ", seed " + seed + ", keeping " + kept + ": " + answer.json();

            List<List<? extends EnrichedRecord<?>>> decoded = List.of(
                    decodeKeeping(way, answer, ProductPage.class, Product.class, seed, keeping),
                    decodeKeeping(way, answer, ListingPage.class, Listing.class, seed, keeping),
                    decodeKeeping(way, answer, BagPage.class, Bag.class, seed, keeping));
            for (List<? extends EnrichedRecord<?>> hits : decoded) {
                assertThat(hits).as(what).hasSize(answer.hits().size());
                for (int i = 0; i < answer.hits().size(); i++) {
                    RandomAnswers.ExpectedHit expected = answer.hits().get(i);
                    EnrichedRecord<?> hit = hits.get(i);
                    assertStored((Stored) hit.record(), expected, what, i);
                    FreeFormRecord.Builder only = FreeFormRecord.builder();
                    Json.<FreeFormRecord>read(expected.generatedJson(), FreeFormRecord.class)
                            .attributes()
                            .forEach((name, value) -> {
                                if (kept.contains(name)) {
                                    only.put(name, value);
                                }
                            });
                    FreeFormRecord generated = only.build();
                    assertThat(hit.objectID()).as(HIT, what, i).isEqualTo(Optional.ofNullable(expected.objectID()));
                    assertThat(hit.generatedMembers()).as(HIT, what, i).isEqualTo(generated);
                    assertThat(hit.raw().attributes()).as(HIT, what, i).containsAllEntriesOf(generated.attributes());
                    for (String name : List.of("_highlightResult", "_snippetResult", "_rankingInfo", "_score")) {
                        if (kept.contains(name)) {
                            assertThat(hit.generatedMember(name))
                                    .as(HIT, what, i)
                                    .isEqualTo(Optional.ofNullable(generated.get(name)));
                        } else {
                            assertThatThrownBy(() -> hit.generatedMember(name))
                                    .as(HIT, what, i)
                                    .isInstanceOf(IllegalStateException.class);
                        }
                    }
                }
            }
        }
    }

    private static <P, R> List<EnrichedRecord<R>> decodeKeeping(
            Way way, RandomAnswers.Answer answer, Class<P> pageType, Class<R> recordType, long seed, KeptMembers kept) {
        byte[] json = answer.json().getBytes(StandardCharsets.UTF_8);
        Object page = switch (way) {
            case ARRAY -> Json.readKeeping(BodyInput.of(withStaleBytesAfter(json, seed), json.length), pageType, kept);
            case ARRIVING_IN_PIECES -> Json.readKeeping(arriving(json, seed), pageType, kept);
            case ARRIVING_WHOLE ->
                Json.readKeeping(new ArrivingBody(new Buffer().write(json), Long.MAX_VALUE), pageType, kept);
            default -> null;
        };
        if (page != null) {
            return hitsOf(page);
        }
        byte[] hitsJson = answer.hitsJson().getBytes(StandardCharsets.UTF_8);
        Type hits = TypeRef.parameterized(
                        List.class,
                        TypeRef.parameterized(EnrichedRecord.class, recordType).type())
                .type();
        return way == Way.RECORD_MAPPER_ARRAY
                ? RECORD_MAPPER.readKeeping(
                        BodyInput.of(withStaleBytesAfter(hitsJson, seed), hitsJson.length), hits, kept)
                : RECORD_MAPPER.readKeeping(arriving(hitsJson, seed), hits, kept);
    }

    private static <R> List<EnrichedRecord<R>> hitsOf(Object page) {
        List<?> hits = page instanceof ProductPage p
                ? p.hits()
                : page instanceof ListingPage l ? l.hits() : ((BagPage) page).hits();
        @SuppressWarnings("unchecked")
        List<EnrichedRecord<R>> typed = (List<EnrichedRecord<R>>) hits;
        return typed;
    }

    private static <P, R> List<EnrichedRecord<R>> decode(
            Way way, RandomAnswers.Answer answer, Class<P> pageType, Class<R> recordType, long seed) {
        byte[] json = answer.json().getBytes(StandardCharsets.UTF_8);
        Object page = switch (way) {
            case ARRAY -> Json.read(withStaleBytesAfter(json, seed), json.length, pageType);
            case ARRIVING_IN_PIECES -> Json.read(arriving(json, seed), pageType);
            case ARRIVING_WHOLE -> Json.read(new ArrivingBody(new Buffer().write(json), Long.MAX_VALUE), pageType);
            case CONVERTED ->
                Json.<FreeFormRecord>read(json, FreeFormRecord.class).as(pageType);
            case RECORD_MAPPER_ARRAY, RECORD_MAPPER_ARRIVING -> null;
        };
        if (page != null) {
            List<?> hits = page instanceof ProductPage p
                    ? p.hits()
                    : page instanceof ListingPage l ? l.hits() : ((BagPage) page).hits();
            @SuppressWarnings("unchecked")
            List<EnrichedRecord<R>> typed = (List<EnrichedRecord<R>>) hits;
            return typed;
        }
        // a caller's page type would go whole through the record mapper: the hits array alone, as a Quarry model has it
        byte[] hitsJson = answer.hitsJson().getBytes(StandardCharsets.UTF_8);
        Type hits = TypeRef.parameterized(
                        List.class,
                        TypeRef.parameterized(EnrichedRecord.class, recordType).type())
                .type();
        return way == Way.RECORD_MAPPER_ARRAY
                ? RECORD_MAPPER.read(withStaleBytesAfter(hitsJson, seed), hitsJson.length, hits)
                : RECORD_MAPPER.read(arriving(hitsJson, seed), hits);
    }

    private static void assertStored(Stored record, RandomAnswers.ExpectedHit expected, String what, int hit) {
        assertThat(record.name()).as(HIT, what, hit).isEqualTo(expected.name());
        assertThat(record.price()).as(HIT, what, hit).isEqualTo(expected.price());
        assertThat(record.tags()).as(HIT, what, hit).isEqualTo(expected.tags());
    }

    /** The record's objectID property: a number in the answer is read as its text. */
    private static String objectIDProperty(RandomAnswers.ExpectedHit expected) {
        return expected.objectID() != null ? expected.objectID() : expected.objectIDText();
    }

    /** The answer at the start of a larger array, followed by bytes of JSON an earlier answer could have left. */
    private static byte[] withStaleBytesAfter(byte[] json, long seed) {
        byte[] stale = "\"_x\":{\"a\":[1,2,\"}]".repeat(4).getBytes(StandardCharsets.UTF_8);
        byte[] chunk = Arrays.copyOf(json, json.length + stale.length + (int) (seed % 7));
        System.arraycopy(stale, 0, chunk, json.length, stale.length);
        return chunk;
    }

    /** A body arriving in reads of 1 to 40 bytes. */
    private static ArrivingBody arriving(byte[] json, long seed) {
        Random sizes = new Random(seed);
        return new ArrivingBody(BodyInPieces.of(json, () -> 1 + sizes.nextInt(40)), Long.MAX_VALUE);
    }
}
