package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.ClientConfig;
import io.quarry.core.DeserializationException;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.RequestOptions;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Hit;
import io.quarry.search.model.SearchQuery;
import io.quarry.search.model.SearchResponse;
import io.quarry.testsupport.MockServerClients;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * Clients given a record mapper write the caller's records and read hits, browse pages and objects with it, against
 * the mock server; what is stored is read back with a client of the SDK's own mapping.
 */
class RecordMapperContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final BatchOptions WAIT = BatchOptions.of().waitingForTasks().waitPolicy(FAST);

    /** Reads what the service stored, with the SDK's own mapping. */
    @AutoClose
    private final SearchClient plain = SearchClient.create(MockServerClients.config(MOCK.server()));

    private static SearchClient withRecordMapper(Consumer<ClientConfig.Builder> recordMapper) {
        ClientConfig.Builder config =
                MockServerClients.builder(MOCK.server(), MOCK.server().adminKey());
        recordMapper.accept(config);
        return SearchClient.create(config.build());
    }

    // --- a naming strategy ---

    record Book(String objectID, String bookTitle, int pageCount) {}

    record PageCount(int pageCount) {}

    @Test
    void snakeCaseNamesAreStoredSearchedAndBrowsedWhileObjectIDKeepsItsName() {
        try (SearchClient client = withRecordMapper(config ->
                config.recordMapper(mapper -> mapper.propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)))) {
            SearchIndex books = client.index("books");

            List<String> ids = new java.util.ArrayList<>();
            books.saveObjects(
                    List.of(new Book("dune", "Dune", 412), new Book(null, "Emma", 474)),
                    WAIT.listener(chunk -> ids.addAll(chunk.response().objectIDs())));

            FreeFormRecord stored = plain.index("books").getObject("dune", FreeFormRecord.class);
            assertThat(stored.names()).containsExactly("objectID", "book_title", "page_count");
            // a record without objectID gets one from the client, under the service's name
            assertThat(plain.index("books")
                            .getObject(ids.get(1), FreeFormRecord.class)
                            .objectID())
                    .contains(ids.get(1));

            SearchResponse<Book> found =
                    books.search(SearchQuery.of("dune").attributesToHighlight("book_title"), Book.class);
            Hit<Book> hit = found.hits().get(0);
            assertThat(hit.record()).isEqualTo(new Book("dune", "Dune", 412));
            assertThat(hit.objectID()).contains("dune");
            assertThat(hit.highlight("book_title")).isPresent();
            assertThat(hit.raw().names()).contains("objectID", "book_title", "page_count", "_highlightResult");

            // a search that asks for no generated member keeps none: the same record and objectID
            SearchResponse<Book> lean = books.search(SearchQuery.of("emma"), Book.class);
            assertThat(lean.hits().get(0).record()).isEqualTo(new Book(ids.get(1), "Emma", 474));
            assertThat(lean.hits().get(0).objectID()).contains(ids.get(1));
            assertThatThrownBy(() -> lean.hits().get(0).highlight("book_title"))
                    .isInstanceOf(IllegalStateException.class);
            assertThat(books.withOptions(RequestOptions.builder()
                                    .keepGeneratedMembers()
                                    .build())
                            .search(SearchQuery.of("emma"), Book.class)
                            .hits()
                            .get(0)
                            .highlight("book_title"))
                    .isPresent();

            assertThat(books.browsePage(SearchQuery.of(), Book.class).records())
                    .containsExactlyInAnyOrder(new Book("dune", "Dune", 412), new Book(ids.get(1), "Emma", 474));
            assertThat(books.browseObjects(Book.class).stream().map(Book::bookTitle))
                    .containsExactlyInAnyOrder("Dune", "Emma");

            books.waitForTask(
                    books.partialUpdateObject("dune", new PageCount(500)).taskID(), FAST);
            assertThat(books.getObject("dune", Book.class)).isEqualTo(new Book("dune", "Dune", 500));
            assertThat(books.searchAsync(SearchQuery.of("dune"), Book.class)
                            .join()
                            .records())
                    .containsExactly(new Book("dune", "Dune", 500));
        }
    }

    // --- a custom serializer module ---

    /** Jackson would write it as {@code {"cents":..,"currency":..}}; the caller's module writes "12.50 EUR". */
    record Money(long cents, String currency) {}

    record Lamp(String objectID, String name, Money price) {}

    static SimpleModule moneyAsText() {
        return new SimpleModule("money-as-text")
                .addSerializer(Money.class, new ValueSerializer<Money>() {
                    @Override
                    public void serialize(Money money, JsonGenerator gen, SerializationContext ctxt) {
                        gen.writeString(String.format(
                                Locale.ROOT, "%d.%02d %s", money.cents() / 100, money.cents() % 100, money.currency()));
                    }
                })
                .addDeserializer(Money.class, new ValueDeserializer<Money>() {
                    @Override
                    public Money deserialize(JsonParser p, DeserializationContext ctxt) {
                        String[] parts = p.getString().split(" ");
                        return new Money(Math.round(Double.parseDouble(parts[0]) * 100), parts[1]);
                    }
                });
    }

    @Test
    void aCustomSerializerModuleWritesAndReadsTheCallersType() {
        JsonMapper mapper = JsonMapper.builder().addModule(moneyAsText()).build();
        try (SearchClient client = withRecordMapper(config -> config.recordMapper(mapper))) {
            SearchIndex lamps = client.index("lamps");
            Lamp desk = new Lamp("desk", "desk lamp", new Money(1250, "EUR"));
            Lamp floor = new Lamp("floor", "floor lamp", new Money(8999, "EUR"));

            lamps.saveObjects(List.of(desk, floor), WAIT);

            assertThat(plain.index("lamps")
                            .getObject("desk", FreeFormRecord.class)
                            .getString("price"))
                    .contains("12.50 EUR");
            assertThat(lamps.search(SearchQuery.of("desk"), Lamp.class).records())
                    .containsExactly(desk);
            assertThat(lamps.search(SearchQuery.of("desk"), Lamp.class)
                            .hits()
                            .get(0)
                            .objectID())
                    .contains("desk");
            assertThat(lamps.browsePage(SearchQuery.of(), Lamp.class).records()).containsExactlyInAnyOrder(desk, floor);
            assertThat(lamps.getObject("floor", Lamp.class)).isEqualTo(floor);
        }
    }

    // --- a type that needs a module ---

    /** No properties and no creator: Jackson can neither write nor read it without the caller's module. */
    static final class Isbn {
        private final String digits;

        private Isbn(String digits) {
            this.digits = digits;
        }

        static Isbn parse(String text) {
            return new Isbn(text.replace("-", ""));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Isbn other && other.digits.equals(digits);
        }

        @Override
        public int hashCode() {
            return digits.hashCode();
        }

        @Override
        public String toString() {
            return digits;
        }
    }

    record Edition(String objectID, String title, Isbn isbn) {}

    static SimpleModule isbnModule() {
        return new SimpleModule("isbn")
                .addSerializer(Isbn.class, new ValueSerializer<Isbn>() {
                    @Override
                    public void serialize(Isbn isbn, JsonGenerator gen, SerializationContext ctxt) {
                        gen.writeString(isbn.toString());
                    }
                })
                .addDeserializer(Isbn.class, new ValueDeserializer<Isbn>() {
                    @Override
                    public Isbn deserialize(JsonParser p, DeserializationContext ctxt) {
                        return Isbn.parse(p.getString());
                    }
                });
    }

    @Test
    void aTypeThatNeedsAModuleIsWrittenAndReadThroughIt() {
        try (SearchClient client =
                withRecordMapper(config -> config.recordMapper(mapper -> mapper.addModule(isbnModule())))) {
            SearchIndex editions = client.index("editions");
            Edition first = new Edition("e1", "Dune first edition", Isbn.parse("978-0-8019-5077-5"));
            Edition reprint = new Edition("e2", "Dune reprint", Isbn.parse("978-0-441-17271-9"));

            editions.saveObjects(List.of(first, reprint), WAIT);

            assertThat(plain.index("editions")
                            .getObject("e1", FreeFormRecord.class)
                            .getString("isbn"))
                    .contains("9780801950775");
            assertThat(editions.search(SearchQuery.of("first"), Edition.class).records())
                    .containsExactly(first);
            assertThat(editions.browsePage(SearchQuery.of(), Edition.class).records())
                    .containsExactlyInAnyOrder(first, reprint);
            // the SDK's own mapping cannot read it
            assertThatThrownBy(() -> plain.index("editions").search(SearchQuery.of("first"), Edition.class))
                    .isInstanceOf(DeserializationException.class);
        }
    }
}
