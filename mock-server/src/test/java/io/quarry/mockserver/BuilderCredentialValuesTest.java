package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * Credentials that callers send in headers are refused at once when no header could carry them (a key read from a
 * file with its line end would otherwise refuse every request, 403 after 403), and the message never holds the
 * value.
 */
class BuilderCredentialValuesTest {

    private static final List<BiConsumer<MockServer.Builder, String>> SETTERS = List.of(
            MockServer.Builder::applicationId,
            MockServer.Builder::adminKey,
            MockServer.Builder::monitoringKey,
            MockServer.Builder::usageKey);

    @Test
    void aLineEndAControlCharacterOrASpaceAtEitherEndIsRefusedWithoutEchoingTheValue() {
        for (BiConsumer<MockServer.Builder, String> setter : SETTERS) {
            for (String value :
                    List.of("s3cr3t\n", "s3cr3t\r\n", "s3\u0000cr3t", " s3cr3t", "s3cr3t ", "s3cr3t\u007f")) {
                assertThatThrownBy(() -> setter.accept(MockServer.builder(), value))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageContaining("header")
                        .hasMessageNotContaining("s3");
            }
        }
        // an application ID is only sent; a key must also be one the server can mask (KeyAlphabetTest)
        assertThatCode(() -> MockServer.builder().applicationId("s3 cr3t-\u00e9"))
                .doesNotThrowAnyException();
        for (BiConsumer<MockServer.Builder, String> setter : SETTERS) {
            assertThatCode(() -> setter.accept(MockServer.builder(), "s3cr3t-Key_09"))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void theLauncherSaysWhichOption() {
        assertThatThrownBy(() -> Main.start(new String[] {"--admin-key", "s3cr3t\r"}, System.out))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--admin-key")
                .hasMessageNotContaining("s3cr3t");
    }
}
