package io.quarry.mockserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Index names are validated, and "*" in a single-index path is no wildcard that escapes a key's indices. */
class IndexNamesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @Test
    void invalidIndexNamesAre400AndNothingIsStored() {
        for (String encoded : new String[] {"%2E%2E", "%2E", "a%00b", "a%0D%0Ab", "%2A", "x".repeat(513)}) {
            assertThat(admin.put("/1/indexes/" + encoded + "/r1", "{\"a\": 1}").status())
                    .as(encoded)
                    .isEqualTo(400);
        }
        assertThat(admin.post(
                                "/1/indexes/*/batch",
                                TestClient.jq(
                                        "{'requests':[{'action':'addObject','indexName':'bad\\u0000name','body':{'a':1}}]}"))
                        .status())
                .isEqualTo(400);
        // JSON can carry a surrogate out of its pair as an escape; such a name has no UTF-8 form
        assertThat(admin.post(
                                "/1/indexes/*/batch",
                                "{\"requests\":[{\"action\":\"addObject\",\"indexName\":\"bad\\ud800\",\"body\":{}}]}")
                        .body()
                        .get("message")
                        .asString())
                .contains("unpaired surrogate");
        assertThat(admin.post("/1/indexes/ok/operation", TestClient.jq("{'operation':'copy','destination':'..'}"))
                        .status())
                .isIn(400, 404);
        assertThat(admin.get("/1/indexes").body().get("items")).isEmpty();
    }

    @Test
    void anObjectIDWithoutAUtf8FormIsRefusedForNoUrlCouldNameTheRecord() {
        String batch = "{\"requests\":[{\"action\":\"addObject\",\"body\":{\"objectID\":\"x\\udc00\"}}]}";
        TestClient.Reply refused = admin.post("/1/indexes/ids/batch", batch);

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.body().get("message").asString()).contains("objectID", "unpaired surrogate");
        assertThat(admin.post("/1/indexes/ids", "{\"objectID\":\"\\ud800\"}").status())
                .isEqualTo(400);
        assertThat(admin.post("/1/indexes/ids", "{\"objectID\":\"\\ud83d\\ude00\"}")
                        .status())
                .as("a pair is fine")
                .isEqualTo(201);
    }

    @Test
    void namesUpTo512BytesWithSpacesAndUnicodeAreFine() {
        assertThat(admin.put("/1/indexes/" + "x".repeat(512) + "/r1", "{\"a\": 1}")
                        .status())
                .isEqualTo(200);
        assertThat(admin.put("/1/indexes/caf%C3%A9%20bar/r1", "{\"a\": 1}").status())
                .isEqualTo(200);
    }

    @Test
    void starInASingleIndexPathDoesNotEscapeTheKeysIndices() {
        admin.put("/1/indexes/secret/r1", "{\"a\": 1}").requireOk();
        admin.put("/1/indexes/public/r1", "{\"a\": 1}").requireOk();
        String key = admin.createKey(
                TestClient.jq("{'acl':['search','browse','settings','addObject'],'indexes':['public']}"));
        TestClient user = admin.withKey(key);
        assertThat(user.post("/1/indexes/*/query", "{}").status()).isEqualTo(403);
        assertThat(user.get("/1/indexes/*/browse").status()).isEqualTo(403);
        assertThat(user.get("/1/indexes/*/settings").status()).isEqualTo(403);
        assertThat(user.put("/1/indexes/*/r1", "{}").status()).isEqualTo(403);
        assertThat(user.post("/1/indexes/public/query", "{}").status()).isEqualTo(200);
        // the multi-index routes still take "*" literally and check each index named in the body
        assertThat(user.post("/1/indexes/*/queries", TestClient.jq("{'requests':[{'indexName':'public'}]}"))
                        .status())
                .isEqualTo(200);
        assertThat(user.post("/1/indexes/*/queries", TestClient.jq("{'requests':[{'indexName':'secret'}]}"))
                        .status())
                .isEqualTo(403);
    }
}
