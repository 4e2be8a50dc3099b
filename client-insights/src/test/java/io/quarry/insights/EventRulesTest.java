package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.insights.model.Click;
import io.quarry.insights.model.EventSubtype;
import io.quarry.insights.model.InsightsEvent;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The service's event rules as the client checks them, with the service's messages. */
class EventRulesTest {

    private static final Instant NOW = Instant.parse("2026-03-01T10:00:00Z");
    private static final String QID = "0123456789ABCDEF0123456789abcdef";

    private static String problem(InsightsEvent event) {
        return EventRules.problem(event, NOW.toEpochMilli());
    }

    private static InsightsEvent click() {
        return InsightsEvent.click("Clicked", "products", "user_1-A").objectIDs(List.of("a"));
    }

    @Test
    void validEventsPass() {
        assertThat(problem(click())).isNull();
        assertThat(problem(Click.afterSearch(QID).hit(0, "a").toEvent("Clicked", "products", "u")))
                .isNull();
        assertThat(problem(InsightsEvent.conversion("Bought", "products", "u")
                        .filters(List.of("brand:acme"))
                        .subtype(EventSubtype.PURCHASE)
                        .timestamp(NOW.minus(Duration.ofDays(4)))))
                .isNull();
    }

    @Test
    void eventNames() {
        assertThat(problem(InsightsEvent.click(null, "products", "u").objectIDs(List.of("a"))))
                .isEqualTo("EventName is required");
        assertThat(problem(InsightsEvent.click("x".repeat(65), "products", "u").objectIDs(List.of("a"))))
                .startsWith("EventName must be 1 to 64");
        assertThat(problem(InsightsEvent.click("tab\there", "products", "u").objectIDs(List.of("a"))))
                .startsWith("EventName must be 1 to 64");
        assertThat(problem(InsightsEvent.click("café", "products", "u").objectIDs(List.of("a"))))
                .startsWith("EventName must be 1 to 64");
        assertThat(problem(InsightsEvent.click("x".repeat(64), "products", "u").objectIDs(List.of("a"))))
                .isNull();
        for (String name : List.of("del\u007F", "nul\u0000", "e\u0301", "\uD83D\uDE00", "nbsp\u00A0")) {
            assertThat(problem(InsightsEvent.click(name, "products", "u").objectIDs(List.of("a"))))
                    .as(name)
                    .startsWith("EventName must be 1 to 64");
        }
        assertThat(problem(InsightsEvent.click(" ~", "products", "u").objectIDs(List.of("a"))))
                .isNull();
    }

    @Test
    void aValueIsAFiniteNumber() {
        assertThat(problem(click().value(Double.NaN))).isEqualTo("Value must be a number");
        assertThat(problem(click().value(Double.NEGATIVE_INFINITY))).isEqualTo("Value must be a number");
        assertThat(problem(click().value(-0.0))).isNull();
    }

    @Test
    void timesInTheFutureAndDuplicatedRecordsAreTheServicesToJudge() {
        assertThat(problem(click().timestamp(NOW.plus(Duration.ofDays(365))))).isNull();
        assertThat(problem(new InsightsEvent(
                        click().eventType(),
                        null,
                        "Clicked",
                        "products",
                        "u",
                        null,
                        Instant.ofEpochMilli(Long.MAX_VALUE),
                        null,
                        List.of("a", "a"),
                        null,
                        null,
                        null,
                        null,
                        null)))
                .isNull();
        assertThat(problem(click().timestamp(Instant.ofEpochMilli(Long.MIN_VALUE))))
                .isEqualTo("Event timestamp is more than 4 days in the past");
    }

    @Test
    void aTimeBeyondEpochMillisecondsBuiltDirectlyIsRefusedBeforeSending() {
        InsightsEvent click = click();
        InsightsEvent late = new InsightsEvent(
                click.eventType(),
                null,
                "Clicked",
                "products",
                "u",
                null,
                Instant.MAX,
                null,
                List.of("a"),
                null,
                null,
                null,
                null,
                null);

        assertThat(problem(late))
                .isEqualTo("Event timestamp " + Instant.MAX.truncatedTo(ChronoUnit.MILLIS)
                        + " is beyond epoch milliseconds in 64 bits");
        assertThat(problem(new InsightsEvent(
                        click.eventType(),
                        null,
                        "Clicked",
                        "products",
                        "u",
                        null,
                        Instant.MIN,
                        null,
                        List.of("a"),
                        null,
                        null,
                        null,
                        null,
                        null)))
                .isEqualTo("Event timestamp is more than 4 days in the past");
    }

    @Test
    void usersIndicesAndTimes() {
        assertThat(problem(InsightsEvent.click("e", "products", "u".repeat(65)).objectIDs(List.of("a"))))
                .startsWith("UserToken must be");
        assertThat(problem(click().authenticatedUserToken("a b"))).startsWith("AuthenticatedUserToken must be");
        assertThat(problem(InsightsEvent.click("e", "", "u").objectIDs(List.of("a"))))
                .isEqualTo("Index is required");
        assertThat(problem(click().timestamp(NOW.minus(Duration.ofDays(4)).minusMillis(1))))
                .isEqualTo("Event timestamp is more than 4 days in the past");
        assertThat(problem(click().subtype(EventSubtype.PURCHASE)))
                .isEqualTo("EventSubtype must be addToCart or purchase, and only on conversion events");
    }

    @Test
    void objectsFiltersAndPositions() {
        assertThat(problem(InsightsEvent.view("e", "products", "u")))
                .isEqualTo("Event should specify ObjectIDs or Filters, but not both");
        assertThat(problem(click().objectIDs(Collections.nCopies(21, "a"))))
                .isEqualTo("Event cannot have more than 20 ObjectIDs");
        assertThat(problem(click().filters(Collections.nCopies(11, "a:b"))))
                .isEqualTo("Event cannot have more than 10 Filters");
        assertThat(problem(click().filters(List.of("a:")))).isEqualTo("Filters must be formatted as attribute:value");
        assertThat(problem(click().positions(List.of(1))))
                .isEqualTo("Event of type click with positions should specify a queryID");
        assertThat(problem(click().positions(List.of(1, 2)).queryID(QID)))
                .isEqualTo("Event should have the same number of ObjectIDs and Positions");
        assertThat(problem(click().positions(List.of(0)).queryID(QID)))
                .isEqualTo("Positions must be integers starting at 1");
        assertThat(problem(click().queryID("abc")))
                .isEqualTo("Query ID must be a search query ID (32 characters hexadecimal string)");
    }

    @Test
    void nullAndEmptyItemsAreRefusedWithTheServiceMessage() {
        assertThat(problem(click().objectIDs(Arrays.asList("a", null))))
                .isEqualTo("ObjectIDs must be an array of non-empty strings");
        assertThat(problem(click().filters(Arrays.asList("a:b", null))))
                .isEqualTo("Filters must be an array of non-empty strings");
        assertThat(problem(click().filters(List.of("")))).isEqualTo("Filters must be an array of non-empty strings");
        assertThat(problem(click().positions(Arrays.asList(1, null))
                        .objectIDs(List.of("a", "b"))
                        .queryID(QID)))
                .isEqualTo("Positions must be integers starting at 1");
    }

    @Test
    void textWithoutAUtf8FormIsRefused() {
        assertThat(problem(click().objectIDs(List.of("a", "b\uD800"))))
                .isEqualTo("ObjectIDs must not contain an unpaired surrogate");
        assertThat(problem(InsightsEvent.view("e", "\uDC00products", "u").objectIDs(List.of("a"))))
                .isEqualTo("Index must be a valid index name: it must not contain an unpaired surrogate");
        assertThat(problem(InsightsEvent.view("e", "\uD83D\uDE00", "u").objectIDs(List.of("\uD83D\uDE00"))))
                .isNull();
    }

    @Test
    void filtersAreUrlEncodedAttributesAndValues() {
        assertThat(problem(click().filters(List.of("discount:10%"))))
                .isEqualTo("Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)");
        assertThat(problem(click().filters(List.of("brand:%FF"))))
                .isEqualTo("Filters must be URL-encoded attribute:value pairs (Malformed UTF-8)");
        assertThat(problem(click().filters(List.of("100%:x"))))
                .isEqualTo("Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)");
        for (String notHex : new String[] {"brand:%\u0664\u0661", "brand:%\uFF14\uFF11", "brand:%\uFF26\uFF26"}) {
            assertThat(problem(click().filters(List.of(notHex)))) // other scripts' digits, fullwidth ones
                    .as(notHex)
                    .isEqualTo("Filters must be URL-encoded attribute:value pairs (Malformed percent-encoding)");
        }
        assertThat(problem(click().filters(List.of("brand:a\uD800"))))
                .isEqualTo(
                        "Filters must be URL-encoded attribute:value pairs (Malformed UTF-16: an unpaired surrogate)");
        assertThat(problem(click().filters(List.of(
                        "discount:10%25", "time:10:30", "caf%C3%A9:cr\u00e8me", "a+b:c+d", "e:\uD83D\uDE00"))))
                .isNull();
    }

    @Test
    void clickPositionsAreAbsolute() {
        assertThat(Click.afterSearch(QID).page(1).hitsPerPage(10).hit(2, "a").positions())
                .containsExactly(13);
        assertThat(Click.afterSearch(QID).hit(0, "a").positions()).containsExactly(1);
    }

    @Test
    void aClickWhosePositionPassesAnIntIsRefusedWhenBuilt() {
        Click lastPage = Click.afterSearch(QID).page(Integer.MAX_VALUE).hitsPerPage(2);
        assertThatThrownBy(() -> lastPage.hit(0, "a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("beyond " + Integer.MAX_VALUE);
        Click filled = Click.afterSearch(QID).hitsPerPage(1).hit(0, "a");
        assertThatThrownBy(() -> filled.page(Integer.MAX_VALUE)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Click.afterSearch(QID)
                        .page(Integer.MAX_VALUE - 1)
                        .hitsPerPage(1)
                        .hit(0, "a")
                        .positions())
                .containsExactly(Integer.MAX_VALUE);
    }
}
