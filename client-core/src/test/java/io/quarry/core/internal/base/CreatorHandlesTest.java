package io.quarry.core.internal.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.quarry.core.DeserializationException;
import io.quarry.core.internal.Json;
import io.quarry.core.testing.PrivateRecords;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

class CreatorHandlesTest {

    /** The SDK's mapper without the handles: what Jackson alone does. */
    private static final ObjectMapper JACKSON =
            RecordSettings.applyTo(JsonMapper.builder()).build();

    private static final ObjectMapper WITH_HANDLES = RecordSettings.applyTo(JsonMapper.builder())
            .addModule(CreatorHandles.module())
            .build();

    /** Notes whether its constructor was reached through Jackson's per-call adaptation. */
    record Product(String name, double price, int stock, boolean inStock, List<String> tags) {
        static volatile boolean adaptedOnLastCall;

        Product {
            adaptedOnLastCall = Arrays.stream(new Throwable().getStackTrace())
                    .anyMatch(frame -> frame.getMethodName().equals("invokeWithArguments"));
        }
    }

    static final class Priced {
        final String name;
        final long cents;

        @JsonCreator
        Priced(@JsonProperty("name") String name, @JsonProperty("cents") long cents) {
            if (cents < 0) {
                throw new IllegalArgumentException("a price is never negative");
            }
            this.name = name;
            this.cents = cents;
        }
    }

    static final class Tagged {
        final String name;
        final String[] tags;

        private Tagged(String name, String[] tags) {
            this.name = name;
            this.tags = tags;
        }

        @JsonCreator
        static Tagged of(@JsonProperty("name") String name, @JsonProperty("tags") String... tags) {
            return new Tagged(name, tags);
        }
    }

    @Test
    void aRecordIsCreatedThroughThePreparedHandleWithTheSameValues() {
        String json =
                "{\"name\":\"lamp\",\"price\":12.5,\"stock\":3,\"inStock\":true,\"tags\":[\"a\",\"b\"],\"_x\":{}}";

        Product viaJackson = JACKSON.readValue(json, Product.class);
        assertThat(Product.adaptedOnLastCall).isTrue();
        Product viaHandle = WITH_HANDLES.readValue(json, Product.class);
        assertThat(Product.adaptedOnLastCall).isFalse();

        assertThat(viaHandle).isEqualTo(viaJackson).isEqualTo(new Product("lamp", 12.5, 3, true, List.of("a", "b")));
    }

    @Test
    void missingPrimitivesGetJacksonsDefaults() {
        assertThat(WITH_HANDLES.readValue("{\"name\":\"lamp\"}", Product.class))
                .isEqualTo(JACKSON.readValue("{\"name\":\"lamp\"}", Product.class))
                .isEqualTo(new Product("lamp", 0, 0, false, null));
    }

    @Test
    void theSdkMapperUsesTheHandles() {
        Json.read("{\"name\":\"lamp\",\"price\":1}".getBytes(StandardCharsets.UTF_8), Product.class);
        assertThat(Product.adaptedOnLastCall).isFalse();
    }

    @Test
    void aCreatorConstructorOfAClassWorksAsWithJackson() {
        Priced priced = WITH_HANDLES.readValue("{\"name\":\"lamp\",\"cents\":1250}", Priced.class);
        assertThat(priced.name).isEqualTo("lamp");
        assertThat(priced.cents).isEqualTo(1250);
    }

    @Test
    void aCreatorsFailureIsReportedAsJacksonReportsIt() {
        String json = "{\"name\":\"lamp\",\"cents\":-1}";
        Throwable jackson = catchThrowable(() -> JACKSON.readValue(json, Priced.class));
        Throwable handles = catchThrowable(() -> WITH_HANDLES.readValue(json, Priced.class));

        assertThat(handles).isNotNull().hasSameClassAs(jackson).hasMessage(jackson.getMessage());
        assertThat(handles.getCause()).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> WITH_HANDLES.readValue(json, Priced.class))
                .hasMessageContaining("a price is never negative");
    }

    /** Copies its members as the SDK's models do, which throws a bare NullPointerException on a null. */
    record Shelf(String name, List<String> tags, Map<String, Integer> stock) {
        Shelf {
            tags = List.copyOf(tags);
            stock = stock == null ? Map.of() : Map.copyOf(stock);
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "{\"tags\":[\"a\",null]}|a null item or value in tags",
                "{\"tags\":[],\"stock\":{\"lamp\":null}}|a null item or value in stock",
                "{\"stock\":{}}|null or missing: name, tags"
            })
    void aCreatorsNullPointerExceptionNamesTheMembersItCameFrom(String json, String named) {
        assertThatThrownBy(() -> Json.read(json, Shelf.class))
                .isInstanceOf(DeserializationException.class)
                .hasMessageContaining(named)
                .rootCause()
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void aVarargsFactoryGetsItsArrayAsJacksonReadIt() {
        Tagged tagged = WITH_HANDLES.readValue("{\"name\":\"lamp\",\"tags\":[\"a\",\"b\"]}", Tagged.class);
        assertThat(tagged.name).isEqualTo("lamp");
        assertThat(tagged.tags).containsExactly("a", "b");
    }

    @Test
    void aPrivateRecordOfAnotherPackageGetsAHandleToo() throws Exception {
        Object record = WITH_HANDLES.readValue("{\"name\":\"lamp\"}", PrivateRecords.type());
        assertThat(record).hasToString("Hidden[name=lamp]");
        assertThat(PrivateRecords.adaptedOnLastCall()).isFalse();
    }

    @Test
    void noHandleWithoutACreator() {
        assertThat(CreatorHandles.spreadHandleOf(null)).isNull();
    }
}
