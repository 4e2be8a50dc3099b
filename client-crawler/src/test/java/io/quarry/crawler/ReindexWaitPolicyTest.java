package io.quarry.crawler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A reindex-and-wait given no policy is refused before the reindex starts, not after, when it is too late. */
class ReindexWaitPolicyTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    @AutoClose
    private final CrawlerClient client = CrawlerClient.create(MockServerClients.crawlerConfig(MOCK.server()));

    @Test
    void noPolicyIsRefusedBeforeAnyCall() {
        long before = requests();
        CrawlerHandle crawler = client.crawler("0b7c1e8e-1f4e-4d6b-9d3a-5e2a7c9f1b11");

        assertThatThrownBy(() -> crawler.reindexAndWait(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("policy");
        assertThatThrownBy(() -> crawler.reindexAndWaitAsync(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("policy");
        assertThat(requests()).isEqualTo(before);
    }

    private static long requests() {
        return MOCK.server().hosts().stream()
                .mapToLong(host -> host.requestCount())
                .sum();
    }
}
