package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonFilter;
import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.annotation.JsonView;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.quarry.core.FreeFormRecord;
import io.quarry.core.testing.Article;
import io.quarry.core.testing.ArticleRecord;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.json.JsonMapper;

/**
 * A record is sent without a watch only when its class's serializer surely writes its objectID; everything that
 * could leave the member out or move it is "not sure".
 */
class OwnObjectIDTest {

    /** A numeric ID, written as any value. */
    public record Numbered(long objectID, String title) {}

    /** No objectID property at all. */
    public record Anonymous(String title) {}

    /** An empty ID would be left out. */
    public record NonEmpty(
            @JsonInclude(JsonInclude.Include.NON_EMPTY) String objectID) {}

    /** The ID written only in its own view. */
    public record Viewed(@JsonView(Viewed.class) String objectID, String title) {}

    /** Another view. */
    interface OtherView {}

    /** Behind a filter. */
    @JsonFilter("records")
    public record Filtered(String objectID) {}

    /** With object identities: a second reference is written as an ID only. */
    @JsonIdentityInfo(generator = ObjectIdGenerators.IntSequenceGenerator.class)
    public record Identified(String objectID) {}

    /** With type information, which may wrap the members in another object. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.WRAPPER_OBJECT)
    public record Typed(String objectID) {}

    /** Written as an array. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record Arrayed(String objectID) {}

    /** Written as another value. */
    public record Valued(String objectID) {
        /** @return the JSON form */
        @JsonValue
        public String json() {
            return objectID;
        }
    }

    /** Written by a serializer of its own. */
    @JsonSerialize(using = Custom.Writer.class)
    public record Custom(String objectID) {
        /** Writes an empty object. */
        static final class Writer extends ValueSerializer<Custom> {
            @Override
            public void serialize(Custom value, JsonGenerator gen, SerializationContext ctxt) {
                gen.writeStartObject();
                gen.writeEndObject();
            }
        }
    }

    /** Members added beyond the properties. */
    public record Dynamic(
            String objectID,

            @JsonProperty(access = JsonProperty.Access.READ_ONLY)
            Map<String, Object> more) {
        /** @return the extra members */
        @JsonAnyGetter
        public Map<String, Object> extra() {
            return more;
        }
    }

    /** A property named objectID whose members are unwrapped into the record. */
    public record Unwrapped(
            @JsonProperty("objectID") @JsonUnwrapped Anonymous objectID) {}

    /** A getter that fails. */
    public static final class Failing {
        /** @return never */
        public String getObjectID() {
            throw new IllegalStateException("no ID today");
        }
    }

    private static final OwnObjectID SDK =
            OwnObjectID.keptWithClasses(Json.sdkMapper(new EnrichedRecordJson()).build());

    @Test
    void plainClassesAndJavaRecordsWithAnIDAreSurelyWritten() {
        Article article = new Article();
        article.setObjectID("a1");
        article.setTitle("t");

        assertThat(SDK.surelyWritten(article)).isTrue();
        assertThat(SDK.surelyWritten(new ArticleRecord("a1", "t", List.of("x"), null, null, null)))
                .isTrue();
        assertThat(SDK.surelyWritten(new Numbered(7, "t"))).isTrue();
    }

    @Test
    void aNullOrMissingIDIsNotWritten() {
        assertThat(SDK.surelyWritten(new Article())).isFalse();
        assertThat(SDK.surelyWritten(new ArticleRecord(null, "t", null, null, null, null)))
                .isFalse();
        assertThat(SDK.surelyWritten(new Anonymous("t"))).isFalse();
        assertThat(SDK.surelyWritten(null)).isFalse();
    }

    @Test
    void anythingThatCouldLeaveTheIDOutOrMoveItIsNotSure() {
        List<Object> unsure = List.of(
                new NonEmpty("n"),
                new Filtered("f"),
                new Identified("i"),
                new Typed("t"),
                new Arrayed("a"),
                new Valued("v"),
                new Custom("c"),
                new Dynamic("d", Map.of("x", 1)),
                new Unwrapped(new Anonymous("t")),
                new Failing());
        for (Object record : unsure) {
            assertThat(SDK.surelyWritten(record))
                    .as(record.getClass().getSimpleName())
                    .isFalse();
        }
    }

    @Test
    void viewsMatterOnlyWhenTheMapperHasOneActive() {
        assertThat(SDK.surelyWritten(new Viewed("v", "t"))).isTrue();

        JsonMapper otherView =
                JsonMapper.builder().defaultSerializationView(OtherView.class).build();
        assertThat(OwnObjectID.keptByClient(otherView).surelyWritten(new Viewed("v", "t")))
                .isFalse();
        assertThat(otherView.writeValueAsString(new Viewed("v", "t"))).doesNotContain("objectID");
    }

    @Test
    void mapsAndFreeFormRecordsAreLeftToTheirOwnChecks() {
        assertThat(SDK.surelyWritten(Map.of("objectID", "m"))).isFalse();
        assertThat(SDK.surelyWritten(FreeFormRecord.builder().objectID("f").build()))
                .isFalse();
    }

    @Test
    void eachMapperJudgesAsItWritesTheClass() {
        // a record mapper that leaves the ID out of every class: its verdict is its own, not the SDK's
        JsonMapper ignoring = JsonMapper.builder()
                .addMixIn(ArticleRecord.class, IgnoreObjectID.class)
                .build();

        assertThat(OwnObjectID.keptByClient(ignoring)
                        .surelyWritten(new ArticleRecord("a1", "t", null, null, null, null)))
                .isFalse();
        assertThat(OwnObjectID.keptByClient(JsonMapper.builder().build())
                        .surelyWritten(new ArticleRecord("a1", "t", null, null, null, null)))
                .isTrue();
    }

    /** A mix-in hiding {@code objectID}. */
    @com.fasterxml.jackson.annotation.JsonIgnoreProperties("objectID")
    interface IgnoreObjectID {}
}
