package io.quarry.insights;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.JsonText;
import io.quarry.insights.model.EventsResponse;
import io.quarry.insights.model.InsightsEvent;
import io.quarry.mockserver.MockServer;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.testsupport.MockServerClients;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * The 2 MB a call may carry, counted in the body's own bytes: text beyond ASCII, a surrogate out of its pair (which
 * a body carries as a six-byte escape), and the caller's values as the client's record mapper writes them. An event
 * too large for any call is refused before sending by every way of sending it; events that fit are split into
 * calls the mock server accepts.
 */
@ExtendWith(MockServerExtension.class)
class EventSizeContractTest {

    private static final EventsResponse OK = new EventsResponse(200, "OK");
    /** A surrogate out of its pair: one character, one byte when lost as '?', six in a body. */
    private static final String LONE = "\uD800";

    @AutoClose
    private InsightsClient insights;

    @BeforeEach
    void setUp(MockServer server) {
        insights = InsightsClient.create(MockServerClients.config(server));
    }

    private static InsightsEvent view(String objectID) {
        return InsightsEvent.view("Seen", "products", "user-1").objectIDs(List.of(objectID));
    }

    @Test
    void eventsWhoseTextEscapesInTheBodyAreSplitByTheirEscapedSize() {
        // 1.08 MB each in a body, 0.18 MB each as UTF-8 with the lone surrogates lost: one call held both
        InsightsEvent priced = view("a").currency(LONE.repeat(180_000));
        assertThat(insights.send(List.of(priced, priced))).containsExactly(OK, OK);
    }

    @Test
    void valuesOfTheCallersTypesCountAsTheRecordMapperWritesThem(MockServer server) {
        // the SDK's own mapping writes a note as its text, 0.75 MB; this record mapper writes it three times
        JsonMapper thrice = JsonMapper.builder()
                .addModule(new SimpleModule("note-thrice").addSerializer(Note.class, new ValueSerializer<Note>() {
                    @Override
                    public void serialize(Note note, JsonGenerator out, SerializationContext context) {
                        out.writeStartArray();
                        for (int i = 0; i < 3; i++) {
                            out.writeString(note.text());
                        }
                        out.writeEndArray();
                    }
                }))
                .build();
        InsightsEvent noted = view("a").objectData(List.of(Map.of("note", new Note("n".repeat(750_000)))));
        try (InsightsClient mapped = InsightsClient.create(MockServerClients.builder(server, server.adminKey())
                .recordMapper(thrice)
                .build())) {
            assertThatThrownBy(() -> mapped.send(List.of(noted)))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageStartingWith("An event alone makes a call of 225");
        }
    }

    /**
     * A value of the caller's own type.
     *
     * @param text the note
     */
    record Note(String text) {}

    @Test
    void anEventTooLargeForACallIsRefusedBeforeSendingByEachWayOfSendingIt() {
        String large = "é".repeat(1_050_000); // 2.1 MB of UTF-8, half as many characters
        long call = "{'events':[]}".length() + JsonText.write(view("")).length() + 2_100_000;
        String expected = "An event alone makes a call of " + call + " bytes, more than the 2097152 a call may carry";
        InsightsUser user = insights.user("user-1");

        assertThatThrownBy(() -> user.viewedObjectIDs("Seen", "products", List.of(large)))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage(expected);
        assertThat(user.clickedObjectIDsAsync("Clicked", "products", List.of(large)))
                .failsWithin(Duration.ofSeconds(5))
                .withThrowableThat()
                .havingCause()
                .isInstanceOf(InvalidRequestException.class)
                .withMessageStartingWith("An event alone makes a call of ");
        assertThatThrownBy(() -> insights.send(List.of(view("a"), view(large), view("b"))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessage(expected + " (event 1 of 3)");
    }
}
