package io.quarry.mockserver;

import static io.quarry.mockserver.testing.TestClient.jq;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.mockserver.testing.TestClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An index-level key opens its own index and no other, whatever the index's name: a name holding {@code *} or
 * spaces at its ends is a name there, not a pattern.
 */
class IndexLevelKeyScopeHttpTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private final TestClient admin = new TestClient(MOCK.server());

    @Test
    void aStarInTheIndexNameIsNoWildcard() {
        assertOnlyItsIndexIsOpen("shop*", "shop%2A", "shop_a");
    }

    @Test
    void spacesAroundTheIndexNameAreKept() {
        assertOnlyItsIndexIsOpen(" a", "%20a", "a");
    }

    private void assertOnlyItsIndexIsOpen(String name, String inPath, String otherInPath) {
        assertThat(admin.post("/1/indexes/" + inPath, jq("{'title':'mine'}")).status())
                .isEqualTo(201);
        assertThat(admin.post("/1/indexes/" + otherInPath, jq("{'title':'other'}"))
                        .status())
                .isEqualTo(201);
        TestClient.Reply created = admin.post("/1/indexes/" + inPath + "/keys", jq("{'acl':['search']}"));
        TestClient user = admin.withKey(created.requireOk().body().get("key").stringValue());

        assertThat(user.post("/1/indexes/" + inPath + "/query", "{}").status())
                .as("its own index, %s", name)
                .isEqualTo(200);
        assertThat(user.post("/1/indexes/" + otherInPath + "/query", "{}").status())
                .as("another index")
                .isEqualTo(403);
    }
}
