package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.RequestOptions;
import org.junit.jupiter.api.Test;

/** RequestOptions.toString masks every header the logs mask whatever the credentials (its list is its own). */
class SecretHeadersTest {

    @Test
    void requestOptionsMaskEveryHeaderTheRedactorCountsSecret() {
        for (String name : Redactor.SECRET_HEADERS) {
            RequestOptions options =
                    RequestOptions.builder().header(name, "SECRET-VALUE").build();

            assertThat(options.toString()).as(name).doesNotContain("SECRET-VALUE");
        }
    }
}
