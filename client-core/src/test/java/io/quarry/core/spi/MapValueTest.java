package io.quarry.core.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.internal.Json;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MapValueTest {

    /** A value built as the modules build theirs. */
    static final class Settings extends MapValue<Settings> {
        private Settings(Map<String, Object> members) {
            super(members);
        }

        @Override
        protected Settings withMembers(Map<String, Object> members) {
            return new Settings(members);
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static Settings of(Map<String, Object> members) {
            return new Settings(CopyOnWrite.copy(members));
        }

        Settings size(int size) {
            return with("size", size);
        }

        Settings tags(String... tags) {
            return withStrings("tags", tags);
        }

        List<String> tags() {
            return strings("tags");
        }
    }

    /** A second type over the same members. */
    static final class Other extends MapValue<Other> {
        Other(Map<String, Object> members) {
            super(members);
        }

        @Override
        protected Other withMembers(Map<String, Object> members) {
            return new Other(members);
        }
    }

    @Test
    void eachSetterReturnsACopyAndNullRemoves() {
        Settings empty = Settings.of(Map.of());
        Settings sized = empty.size(3).tags("a", "b");

        assertThat(empty.get("size")).isEmpty();
        assertThat(sized.get("size")).contains(3);
        assertThat(sized.tags()).containsExactly("a", "b");
        assertThat(sized.text("size")).contains("3");
        assertThat(sized.with("size", null).get("size")).isEmpty();
        assertThat(sized.members().keySet()).containsExactly("size", "tags");
    }

    @Test
    void aNullListOfStringsOrANullInOneIsNamed() {
        Settings empty = Settings.of(Map.of());

        assertThatThrownBy(() -> empty.tags((String[]) null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("tags");
        assertThatThrownBy(() -> empty.tags("a", null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("tags[1]");
    }

    @Test
    void equalityIsByTypeAndMembersAndToStringShowsThem() {
        Settings one = Settings.of(Map.of()).size(1);
        assertThat(one).isEqualTo(Settings.of(Map.of("size", 1))).hasSameHashCodeAs(Map.of("size", 1));
        assertThat((Object) one).isNotEqualTo(new Other(Map.of("size", 1)));
        assertThat(one).hasToString("Settings{size=1}");
    }

    @Test
    void theJsonFormIsTheMembers() {
        Settings settings = Settings.of(Map.of()).size(2).tags("x");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(settings, out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"size\":2,\"tags\":[\"x\"]}");
        assertThat(Json.toJsonString(List.of(settings))).isEqualTo("[{\"size\":2,\"tags\":[\"x\"]}]");
        assertThat(Json.<Settings>read("{\"size\":2,\"tags\":[\"x\"]}", Settings.class))
                .isEqualTo(settings);
    }
}
