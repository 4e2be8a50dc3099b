package io.quarry.search;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.quarry.core.testing.Article;
import io.quarry.core.testing.ArticleRecord;
import io.quarry.testsupport.WireMockClients;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;

/**
 * The bytes saveObjects sends: a record with its own objectID exactly as Jackson writes it, whether declared as a
 * getter/setter class or as a Java record; one without gets a UUID as its last member.
 */
class SaveObjectsBodyTest {

    @RegisterExtension
    static final WireMockExtension SERVER = WireMockClients.server();

    @AutoClose
    private final SearchClient client = SearchClient.create(WireMockClients.config(SERVER));

    @BeforeEach
    void stub() {
        SERVER.stubFor(any(anyUrl()).willReturn(okJson("{\"taskID\":1,\"objectIDs\":[]}")));
    }

    @Test
    void recordsWithTheirOwnIDAreWrittenExactlyAsJacksonWritesThem() {
        List<Object> records = List.of(
                new Article("a1", "Desk lamp"),
                new ArticleRecord("r1", "Desk lamp", List.of("lamp"), 24.9, 3, true),
                new Article("a2", "Floor lamp"));

        client.index("products").saveObjects(records);

        assertThat(sentBody()).isEqualTo(batchAsJacksonWritesIt(records));
    }

    @Test
    void aRecordWithoutIDGetsAUuidAsItsLastMemberAndTheOthersAreUnchanged() {
        Article withID = new Article("a1", "Desk lamp");
        Article withoutID = new Article(null, "Floor lamp");

        client.index("products").saveObjects(List.of(withID, withoutID));

        String body = sentBody();
        String first = batchAsJacksonWritesIt(List.of(withID));
        String withoutIDAsJackson = JsonMapper.builder().build().writeValueAsString(withoutID);
        String prefix = first.substring(0, first.length() - 2) + ",{\"action\":\"addObject\",\"body\":"
                + withoutIDAsJackson.substring(0, withoutIDAsJackson.length() - 1) + ",\"objectID\":\"";
        assertThat(body).startsWith(prefix).endsWith("\"}}]}");
        assertThat(body.substring(prefix.length(), body.length() - "\"}}]}".length()))
                .matches("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}");
    }

    @Test
    void serviceAssignedIDsLeaveEveryRecordAsItIs() {
        List<Object> records = List.of(new Article(null, "Floor lamp"), new Article("a2", "Desk lamp"));

        client.index("products").saveObjects(records, BatchOptions.of().serviceAssignedObjectIDs());

        assertThat(sentBody()).isEqualTo(batchAsJacksonWritesIt(records));
    }

    private static String sentBody() {
        List<LoggedRequest> batches = SERVER.findAll(postRequestedFor(urlEqualTo("/1/indexes/products/batch")));
        assertThat(batches).hasSize(1);
        return batches.get(0).getBodyAsString();
    }

    /** The batch body a hand-written client would send with a plain Jackson mapper. */
    private static String batchAsJacksonWritesIt(List<Object> records) {
        List<Map<String, Object>> requests = new ArrayList<>();
        for (Object record : records) {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("action", "addObject");
            request.put("body", record);
            requests.add(request);
        }
        return JsonMapper.builder().build().writeValueAsString(Map.of("requests", requests));
    }
}
