package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.internal.Json;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TypeRefTest {

    record Page<T>(List<T> hits) {}

    record Hit(String objectID) {}

    @Test
    void capturedAndBuiltTypesAreEqual() {
        TypeRef<Page<Hit>> captured = new TypeRef<>() {};
        TypeRef<Page<Hit>> built = TypeRef.parameterized(Page.class, Hit.class);
        assertThat(built).isEqualTo(captured);
        assertThat(built.type()).isEqualTo(captured.type());
        assertThat(built.type().hashCode()).isEqualTo(captured.type().hashCode());
        assertThat(built.type().getTypeName()).isEqualTo(captured.type().getTypeName());
    }

    @Test
    void builtTypesDecodeGenericResponses() {
        Page<Hit> page = Json.read(
                "{\"hits\":[{\"objectID\":\"1\"}]}",
                TypeRef.parameterized(Page.class, Hit.class).type());
        assertThat(page.hits()).containsExactly(new Hit("1"));
        List<Hit> hits =
                Json.read("[{\"objectID\":\"2\"}]", TypeRef.listOf(Hit.class).type());
        assertThat(hits).containsExactly(new Hit("2"));
        Map<String, Hit> byId = Json.read(
                "{\"a\":{\"objectID\":\"3\"}}", TypeRef.mapOf(Hit.class).type());
        assertThat(byId).containsEntry("a", new Hit("3"));
    }

    @Test
    void wrongArgumentCountIsRejected() {
        assertThatThrownBy(() -> TypeRef.parameterized(Page.class)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMissingTypeIsRefusedWhereItIsGiven() {
        assertThatThrownBy(() -> TypeRef.listOf(null)).hasMessage("element");
        assertThatThrownBy(() -> TypeRef.mapOf(null)).hasMessage("value");
        assertThatThrownBy(() -> TypeRef.parameterized(Page.class, (java.lang.reflect.Type) null))
                .hasMessage("arguments[0]");
        assertThatThrownBy(() -> TypeRef.parameterized(null, Hit.class)).hasMessage("raw");
    }
}
