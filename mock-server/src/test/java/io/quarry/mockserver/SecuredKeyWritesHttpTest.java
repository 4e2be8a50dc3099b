package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.SecuredKeyFactory;
import io.quarry.mockserver.testing.TestClient;
import io.quarry.mockserver.testing.TestClient.Reply;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Writes made with a secured key: its restrictions (indices, validity, sources, referers) apply, its search
 * parameters do not. Its filters decide what it reads; what it writes is decided by its parent's rights, as a
 * delete by query needs the right that clears the whole index anyway.
 */
class SecuredKeyWritesHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @BeforeEach
    void seed() {
        MOCK.server()
                .seed(jq("{'keys':[{'value':'writer','acl':['search','addObject','deleteObject','deleteIndex']},"
                        + "{'value':'reader','acl':['search']}],'indices':{"
                        + "'Movies':{'settings':{'attributesForFaceting':['owner']},'records':["
                        + "{'objectID':'1','owner':'ann'},{'objectID':'2','owner':'bob'}]},"
                        + "'Series':{'settings':{'attributesForFaceting':['owner']},'records':["
                        + "{'objectID':'s','owner':'bob'}]}}}"));
    }

    private TestClient annOnMovies(String parent) {
        return admin.withKey(SecuredKeyFactory.sign(parent, "filters=owner%3Aann&restrictIndices=Movies"));
    }

    @Test
    void aDeleteByQueryRunsWithTheParentsRightsNotTheKeysFilters() {
        TestClient ann = annOnMovies("writer");
        assertThat(ann.get("/1/indexes/Movies/2").status())
                .as("bob's record is not read")
                .isEqualTo(404);

        Reply deleted = ann.post("/1/indexes/Movies/deleteByQuery", jq("{'filters':'owner:bob'}"));

        assertThat(deleted.status()).as(deleted.toString()).isEqualTo(200);
        assertThat(admin.get("/1/indexes/Movies/2").status()).isEqualTo(404);
        assertThat(admin.get("/1/indexes/Movies/1").status()).isEqualTo(200);
    }

    @Test
    void aWriteNeedsTheParentsRight() {
        Reply refused = annOnMovies("reader").post("/1/indexes/Movies/deleteByQuery", jq("{'filters':'owner:bob'}"));

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").asString()).startsWith("Method not allowed with this API key");
        assertThat(admin.get("/1/indexes/Movies/2").status()).isEqualTo(200);
    }

    @Test
    void aWriteStaysInTheKeysIndices() {
        TestClient ann = annOnMovies("writer");

        Reply refused = ann.post("/1/indexes/Series/deleteByQuery", jq("{'filters':'owner:bob'}"));
        Reply batch = ann.post(
                "/1/indexes/*/batch",
                jq("{'requests':[{'action':'addObject','indexName':'Movies','body':{'objectID':'3'}},"
                        + "{'action':'deleteObject','indexName':'Series','body':{'objectID':'s'}}]}"));

        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body().get("message").asString()).isEqualTo("Index not allowed with this API key");
        assertThat(batch.status()).isEqualTo(403);
        assertThat(admin.get("/1/indexes/Series/s").status()).isEqualTo(200);
        assertThat(admin.get("/1/indexes/Movies/3").status())
                .as("nothing of a refused batch")
                .isEqualTo(404);
    }
}
