package io.quarry.usage;

import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import io.quarry.core.DeserializationException;
import io.quarry.testsupport.WireMockClients;
import io.quarry.usage.model.Statistic;
import io.quarry.usage.model.UsagePoint;
import io.quarry.usage.model.UsageRange;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A point's value is an integer, or an object of integers per server or region: anything else is a decoding
 * failure naming the statistic, not a value read as zero or wrapped around.
 */
class UsageValueTypesTest {

    private static final UsageRange DAY =
            UsageRange.hourly(Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("2024-01-02T00:00:00Z"));

    @RegisterExtension
    static final WireMockExtension WM = WireMockClients.server();

    @AutoClose
    private final UsageClient usage = UsageClient.create(WireMockClients.config(WM));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "\"12\"",
                "true",
                "[1]",
                "{\"s1\":\"3\"}",
                "{\"s1\":{\"n\":3}}",
                "18446744073709551616",
                "1e19",
                "2.5",
                "{\"s1\":-9223372036854775809}"
            })
    void aValueOfAnotherTypeIsADecodingFailure(String value) {
        WM.stubFor(get(anyUrl()).willReturn(okJson("{\"max_qps\":[{\"t\":1704067200000,\"v\":" + value + "}]}")));

        assertThatThrownBy(() -> usage.statistics(List.of(Statistic.MAX_QPS), DAY))
                .as(value)
                .isInstanceOf(DeserializationException.class)
                .hasMessageContaining("max_qps");
    }

    @Test
    void integersAndObjectsOfIntegersAreRead() {
        WM.stubFor(get(anyUrl())
                .willReturn(okJson("{\"total_operations\":[{\"t\":1704067200000,\"v\":9223372036854775807}],"
                        + "\"records\":[{\"t\":1704067200000,\"v\":12.0}],"
                        + "\"max_qps\":[{\"t\":1704067200000,\"v\":{\"s1\":3,\"s2\":null,\"s3\":4}}]}")));

        var stats = usage.statistics(List.of(Statistic.ALL), DAY);

        assertThat(stats.forStatistic(Statistic.TOTAL_OPERATIONS))
                .singleElement()
                .extracting(UsagePoint::total)
                .isEqualTo(Long.MAX_VALUE);
        assertThat(stats.total(Statistic.RECORDS)).isEqualTo(12);
        assertThat(stats.forStatistic(Statistic.MAX_QPS).get(0).perName()).isEqualTo(Map.of("s1", 3L, "s3", 4L));
    }
}
