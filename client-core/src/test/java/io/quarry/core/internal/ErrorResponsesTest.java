package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ApiException;
import io.quarry.core.BadRequestException;
import io.quarry.core.ClientErrorException;
import io.quarry.core.Endpoint;
import io.quarry.core.ErrorDetail;
import io.quarry.core.ForbiddenException;
import io.quarry.core.NotFoundException;
import io.quarry.core.PayloadTooLargeException;
import io.quarry.core.RateLimit;
import io.quarry.core.RateLimitException;
import io.quarry.core.ServerErrorException;
import io.quarry.core.UnauthorizedException;
import io.quarry.core.UnprocessableEntityException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorResponsesTest {

    private static final Endpoint SEARCH = Endpoint.read("search", "POST", "/1/indexes/{indexName}/query");

    @ParameterizedTest
    @CsvSource({
        "400,BadRequestException",
        "401,UnauthorizedException",
        "403,ForbiddenException",
        "404,NotFoundException",
        "413,PayloadTooLargeException",
        "422,UnprocessableEntityException",
        "429,RateLimitException",
        "409,ClientErrorException",
        "418,ClientErrorException",
        "500,ServerErrorException",
        "503,ServerErrorException"
    })
    void mapsEachStatusToItsType(int status, String type) {
        ApiException e = ErrorResponses.toException(
                SEARCH,
                status,
                "application/json",
                "{\"message\":\"Index does not exist\",\"status\":" + status + "}",
                Map.of());
        assertThat(e.getClass().getSimpleName()).isEqualTo(type);
        assertThat(e.statusCode()).isEqualTo(status);
        assertThat(e.serviceMessage()).isEqualTo("Index does not exist");
        assertThat(e.method()).isEqualTo("POST");
        assertThat(e.pathTemplate()).isEqualTo("/1/indexes/{indexName}/query");
        assertThat(e.rawBody()).contains("Index does not exist");
        assertThat(e.getMessage())
                .isEqualTo("HTTP " + status + " on POST /1/indexes/{indexName}/query: Index does not exist");
        assertThat(List.of(
                        BadRequestException.class,
                        UnauthorizedException.class,
                        ForbiddenException.class,
                        NotFoundException.class,
                        PayloadTooLargeException.class,
                        UnprocessableEntityException.class,
                        RateLimitException.class,
                        ClientErrorException.class,
                        ServerErrorException.class))
                .contains(e.getClass());
    }

    @Test
    void htmlBodyGivesItsTitle() {
        ApiException e = ErrorResponses.toException(
                SEARCH,
                502,
                "text/html",
                "<html><head><title>502 Bad Gateway</title></head><body><h1>Bad</h1></body></html>",
                Map.of());
        assertThat(e.serviceMessage()).isEqualTo("non-JSON answer (text/html): 502 Bad Gateway");
    }

    @Test
    void plainTextAndEmptyBodiesStayReadable() {
        assertThat(ErrorResponses.toException(SEARCH, 400, "text/plain", "  bad\n request ", Map.of())
                        .serviceMessage())
                .isEqualTo("non-JSON answer (text/plain): bad request");
        assertThat(ErrorResponses.toException(SEARCH, 404, null, "", Map.of()).serviceMessage())
                .isEqualTo("HTTP 404 with an empty body");
        assertThat(ErrorResponses.toException(SEARCH, 400, "application/json", "{\"message\": tru", Map.of())
                        .serviceMessage())
                .startsWith("non-JSON answer (application/json): {\"message\": tru");
    }

    @Test
    void unprocessableEntityCarriesTheDetailArray() {
        String body = "{\"message\":\"Invalid request\",\"detail\":[{\"msg\":\"field required\","
                + "\"location\":[\"body\",\"query\",0],\"ctx\":{\"limit\":10}}],\"received\":{}}";
        UnprocessableEntityException e = (UnprocessableEntityException) ErrorResponses.toException(
                Endpoint.read("predict", "POST", "/1/answers/{indexName}/prediction"),
                422,
                "application/json",
                body,
                Map.of());
        assertThat(e.details())
                .containsExactly(new ErrorDetail("field required", List.of("body", "query", "0"), Map.of("limit", 10)));
    }

    @Test
    void unprocessableEntityCarriesTheReceivedInput() {
        String body = "{\"message\":\"Invalid request\",\"detail\":[],"
                + "\"received\":{\"queryLanguages\":[\"xx\"],\"nbHits\":5}}";
        UnprocessableEntityException e = (UnprocessableEntityException) ErrorResponses.toException(
                Endpoint.read("predict", "POST", "/1/answers/{indexName}/prediction"),
                422,
                "application/json",
                body,
                Map.of());
        assertThat(e.received()).contains(Map.of("queryLanguages", List.of("xx"), "nbHits", 5));

        UnprocessableEntityException without = (UnprocessableEntityException) ErrorResponses.toException(
                Endpoint.read("x", "POST", "/1/x"), 422, "application/json", "{\"message\":\"bad\"}", Map.of());
        assertThat(without.received()).isEmpty();
    }

    @Test
    void rateLimitExceptionParsesTheHeaders() {
        RateLimitException e = (RateLimitException) ErrorResponses.toException(
                SEARCH,
                429,
                "application/json",
                "{\"message\":\"Too many requests\"}",
                Map.of(
                        "x-ratelimit-limit",
                        List.of("100"),
                        "x-ratelimit-remaining",
                        List.of("0"),
                        "x-ratelimit-reset",
                        List.of("1767225600")));
        assertThat(e.rateLimit()).contains(new RateLimit(100, 0, Instant.parse("2026-01-01T00:00:00Z")));
    }

    @Test
    void usageStyleReasonIsUsedWhenThereIsNoMessage() {
        assertThat(ErrorResponses.toException(SEARCH, 400, "application/json", "{\"reason\":\"bad period\"}", Map.of())
                        .serviceMessage())
                .isEqualTo("bad period");
    }
}
