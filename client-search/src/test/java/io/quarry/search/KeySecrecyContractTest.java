package io.quarry.search;

import static io.quarry.testsupport.TestWaits.FAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.quarry.core.ClientConfig;
import io.quarry.core.Credentials;
import io.quarry.core.Host;
import io.quarry.core.LogLevel;
import io.quarry.core.RequestOptions;
import io.quarry.core.testing.LogCapture;
import io.quarry.mockserver.junit.MockServerExtension;
import io.quarry.search.model.Acl;
import io.quarry.search.model.ApiKey;
import io.quarry.search.model.SearchQuery;
import io.quarry.testsupport.MockServerClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The security figure: every key endpoint of the search client driven with full logging (request and response
 * bodies), plus a forwarded end-user key, a secured key and basic-auth credentials; then every captured log line,
 * every exception message and stack of causes, and the toString of every response, handle and configuration is
 * scanned for every key value seen. None may appear.
 */
@Tag("classpath-sensitive")
// Alone: the log capture sees what every class running beside it logs.
@Isolated
class KeySecrecyContractTest {

    @RegisterExtension
    static final MockServerExtension MOCK = MockServerExtension.builder().build();

    private static final String BASIC_PASSWORD = "BASIC-PASSWORD-9d8c7b";

    /** What the clients log, through whichever backend this class path has (Logback on Spring Boot's). */
    @AutoClose
    private final LogCapture capture = LogCapture.start();

    @Test
    void noKeyValueAppearsInLogsMessagesOrToStrings() {
        List<String> secrets = new ArrayList<>(List.of(MOCK.server().adminKey(), BASIC_PASSWORD));
        List<String> texts = new ArrayList<>();
        ClientConfig adminConfig = MockServerClients.builder(
                        MOCK.server(), MOCK.server().adminKey())
                .logLevel(LogLevel.BODIES)
                .build();
        texts.add(adminConfig.toString());
        try (SearchClient admin = SearchClient.create(adminConfig)) {
            texts.add(admin.toString());
            SearchIndex index = admin.index("products");
            index.waitForTask(
                    index.saveObject("p1", new Product("p1", "Phone", "Acme", 1))
                            .taskID(),
                    FAST);

            // global keys: add, wait, get, list, update, delete, restore
            var added = admin.apiKeys().add(ApiKey.of(Acl.SEARCH).description("front"));
            String global = added.key();
            secrets.add(global);
            texts.add(added.toString());
            texts.add(admin.apiKeys()
                    .waitForApiKey(global, ApiKeyChange.ADD, null, FAST)
                    .toString());
            texts.add(admin.apiKeys().get(global).toString());
            texts.add(admin.apiKeys().list().toString());
            texts.add(admin.apiKeys().listOfAllIndices().toString());
            texts.add(admin.apiKeys()
                    .update(global, ApiKey.of(Acl.SEARCH, Acl.BROWSE))
                    .toString());
            texts.add(admin.apiKeys().delete(global).toString());
            texts.add(messages(catchThrowable(() -> admin.apiKeys().get(global))));
            texts.add(admin.apiKeys().restore(global).toString());

            // index keys
            var indexKey = index.apiKeys().add(ApiKey.of(Acl.SEARCH));
            secrets.add(indexKey.key());
            texts.add(indexKey.toString());
            texts.add(index.apiKeys().list().toString());
            texts.add(messages(catchThrowable(() -> index.apiKeys().get(indexKey.key()))));
            texts.add(messages(catchThrowable(() -> index.apiKeys().update(indexKey.key(), ApiKey.of(Acl.BROWSE)))));
            texts.add(messages(catchThrowable(() -> index.apiKeys().delete(indexKey.key()))));

            // a key that does not exist: the 404 names the path, the key masked
            String unknown = "UNKNOWN-KEY-4455";
            secrets.add(unknown);
            texts.add(messages(catchThrowable(() -> admin.apiKeys().get(unknown))));

            // a forwarded end-user key and a secured key
            admin.apiKeys().waitForApiKey(global, ApiKeyChange.ADD, null, FAST);
            String secured = SecuredApiKeys.generate(
                    global, SecuredApiKeyRestrictions.of().filters("brand:Acme"));
            secrets.add(secured);
            RequestOptions forwarded =
                    RequestOptions.builder().forwardedApiKey(secured).build();
            texts.add(forwarded.toString());
            SearchIndex viaUser = index.withOptions(forwarded);
            texts.add(viaUser.toString());
            texts.add(messages(catchThrowable(() -> viaUser.search(SearchQuery.of(), Product.class))));
            try (SearchClient user = SearchClient.create(MockServerClients.builder(MOCK.server(), secured)
                    .logLevel(LogLevel.BODIES)
                    .build())) {
                texts.add(user.toString());
                texts.add(
                        messages(catchThrowable(() -> user.index("products").search(SearchQuery.of(), Product.class))));
                texts.add(messages(catchThrowable(() -> user.apiKeys().list())));
            }
        }

        // basic-auth credentials against an API that does not take them
        ClientConfig basic = ClientConfig.builder(Credentials.basic("crawler-user", BASIC_PASSWORD))
                .hosts(Host.of(MOCK.server().url()))
                .logLevel(LogLevel.BODIES)
                .build();
        texts.add(basic.toString());
        texts.add(basic.credentials().toString());
        try (SearchClient viaBasic = SearchClient.create(basic)) {
            texts.add(
                    messages(catchThrowable(() -> viaBasic.index("products").search(SearchQuery.of(), Product.class))));
        }

        List<String> logged = capture.events().stream()
                .map(e -> e.logger() + " " + e.level() + " " + e.message())
                .toList();
        assertThat(logged).as("the clients logged their calls").isNotEmpty();
        texts.addAll(logged);
        for (String secret : secrets) {
            for (String text : texts) {
                assertThat(text).as("a text leaking a key").doesNotContain(secret);
            }
        }
    }

    /** The message and toString of an exception and of each of its causes. */
    private static String messages(Throwable thrown) {
        StringBuilder all = new StringBuilder();
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            all.append(t).append('\n').append(Objects.toString(t.getMessage())).append('\n');
        }
        return all.toString();
    }
}
