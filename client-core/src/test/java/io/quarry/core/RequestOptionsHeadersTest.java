package io.quarry.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/**
 * A call's header is refused where the client's own must win, as a default header is: before, {@code Host},
 * {@code Content-Length} or {@code Transfer-Encoding} went over the client's own and misrouted or misframed the call,
 * and a name with a separator reached the server, which refused it. The credentials' key may still be given for one
 * call.
 */
class RequestOptionsHeadersTest {

    @Test
    void aHeaderTheClientSetsForEveryCallIsRefusedInAnyCase() {
        for (String owned : new String[] {
            "Host", "content-length", "Content-Type", "Content-Encoding", "Transfer-Encoding", "Connection", "TE",
            "Upgrade", "Expect", "Accept", "USER-AGENT", "Keep-Alive", "Trailer", "Proxy-Connection"
        }) {
            assertThatThrownBy(() -> RequestOptions.builder().header(owned, "x"))
                    .as(owned)
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("set by the client itself");
        }
    }

    @Test
    void aNameThatIsNoTokenIsRefusedWithoutShowingIt() {
        for (String name : new String[] {"X(Team)", "X Team", "X:Team", "", "Équipe", "X-Team\r\nX-Forged"}) {
            assertThatThrownBy(() -> RequestOptions.builder().header(name, "x"))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageStartingWith("invalid header name")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("Forged"));
        }
    }

    @Test
    void theCredentialsKeyAndOtherHeadersMayBeGivenForOneCall() {
        RequestOptions options = RequestOptions.builder()
                .header("X-Service-API-Key", "OTHER-KEY")
                .header("X-Team", "search")
                .header("Authorization", "Bearer token")
                .build();
        assertThat(options.headers()).containsKeys("X-Service-API-Key", "X-Team", "Authorization");
    }
}
