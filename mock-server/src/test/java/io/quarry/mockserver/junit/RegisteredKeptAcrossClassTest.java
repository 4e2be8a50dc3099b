package io.quarry.mockserver.junit;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension.StatePolicy;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The opt-in of the builder: the second test sees the records the first one wrote. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RegisteredKeptAcrossClassTest {

    @RegisterExtension
    static final MockServerExtension MOCK =
            MockServerExtension.builder().state(StatePolicy.KEPT_ACROSS_CLASS).build();

    @Test
    @Order(1)
    void firstTestWrites() {
        assertThat(new TestClient(MOCK.server()).put("/1/indexes/kept/r", "{}").status())
                .isEqualTo(200);
    }

    @Test
    @Order(2)
    void secondTestSeesTheRecord() {
        assertThat(new TestClient(MOCK.server()).get("/1/indexes/kept/r").status())
                .isEqualTo(200);
    }
}
