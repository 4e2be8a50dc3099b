package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.internal.Json;
import io.quarry.core.spi.KnownNames;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedValueTest {

    /** A type built as the modules build theirs. */
    static final class Colour extends NamedValue {
        private static final KnownNames<Colour> KNOWN = new KnownNames<>(Colour::new);
        static final Colour RED = KNOWN.add("red");
        static final Colour BLUE = KNOWN.add("blue");

        private Colour(String name) {
            super(name);
        }

        @JsonCreator
        static Colour of(String name) {
            return KNOWN.of(name);
        }

        boolean isKnown() {
            return KNOWN.contains(this);
        }

        static List<Colour> known() {
            return KNOWN.values();
        }
    }

    /** Another type, to show that equal names of different types differ. */
    static final class Shade extends NamedValue {
        Shade(String name) {
            super(name);
        }
    }

    record Paint(Colour colour) {}

    @Test
    void aKnownNameGivesTheConstantAndAnUnknownOneIsKept() {
        assertThat(Colour.of("red")).isSameAs(Colour.RED);
        Colour green = Colour.of("green");
        assertThat(green.name()).isEqualTo("green");
        assertThat(green.isKnown()).isFalse();
        assertThat(Colour.BLUE.isKnown()).isTrue();
        assertThat(Colour.known()).containsExactly(Colour.RED, Colour.BLUE);
    }

    @Test
    void equalityIsByTypeAndName() {
        assertThat(Colour.of("green")).isEqualTo(Colour.of("green")).hasSameHashCodeAs(Colour.of("green"));
        assertThat(Colour.of("green")).isNotEqualTo(Colour.of("teal"));
        assertThat((Object) new Shade("red")).isNotEqualTo(Colour.RED);
        assertThat(Colour.of("green")).hasToString("green");
    }

    @Test
    void theJsonFormIsTheName() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Json.write(new Paint(Colour.of("green")), out);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{\"colour\":\"green\"}");
        assertThat(Json.toJsonString(Map.of("c", Colour.RED))).isEqualTo("{\"c\":\"red\"}");

        Paint read = Json.read("{\"colour\":\"red\"}", Paint.class);
        assertThat(read.colour()).isSameAs(Colour.RED);
        assertThat(Json.<Paint>read("{\"colour\":\"mauve\"}", Paint.class)
                        .colour()
                        .name())
                .isEqualTo("mauve");
    }

    @Test
    void aNameIsDeclaredOnce() {
        KnownNames<Shade> names = new KnownNames<>(Shade::new);
        names.add("dark");
        assertThatThrownBy(() -> names.add("dark")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> names.of(null)).isInstanceOf(NullPointerException.class);
    }
}
