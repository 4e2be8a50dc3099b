package io.quarry.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.Host;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

/** For each way a client cannot be made: the description says what is wrong, the action what fixes it. */
class QuarryConfigurationFailureAnalyzerTest {

    private static final String KEY = "admin-key-never-shown";

    /** The core's message when Spring Boot 3.5 pins jackson-annotations below what Jackson 3 needs. */
    private static final String TOO_OLD_ANNOTATIONS = "Quarry needs com.fasterxml.jackson.core:jackson-annotations"
            + " 2.22 or newer (Jackson 3 shares it with Jackson 2, and its databind needs it), but the class path has"
            + " 2.19.2. Fix: declare com.fasterxml.jackson.core:jackson-annotations:2.22 or newer in your"
            + " dependencyManagement, before any imported BOM that pins it (Maven), or as a dependency constraint"
            + " (Gradle).";

    private final QuarryConfigurationFailureAnalyzer analyzer = new QuarryConfigurationFailureAnalyzer();

    /** The search and analytics clients alone, which need the application ID and the shared key. */
    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
            .withClassLoader(new FilteredClassLoader(
                    "io.quarry.insights",
                    "io.quarry.personalization",
                    "io.quarry.answers",
                    "io.quarry.querysuggestions",
                    "io.quarry.monitoring",
                    "io.quarry.usage",
                    "io.quarry.crawler"));

    private final ApplicationContextRunner configured =
            runner.withPropertyValues("quarry.application-id=MYAPP", "quarry.api-key=" + KEY);

    @Test
    void aMissingPropertyIsToBeSetOrGivenByConnectionDetails() {
        analyzeStartup(runner.withPropertyValues("quarry.application-id=MYAPP"), analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: quarry.api-key is not set: the search client"
                            + " needs it");
            assertThat(analysis.getAction())
                    .startsWith("Set quarry.api-key in the application's properties or as the environment variable"
                            + " QUARRY_API_KEY, or define a QuarryConnectionDetails bean that gives it.")
                    .contains("take its module off the class path");
        });
    }

    @Test
    void aMissingRegionIsToBeSetOrReplacedByHosts() {
        ApplicationContextRunner querySuggestions = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader(
                        "io.quarry.personalization", "io.quarry.monitoring", "io.quarry.usage", "io.quarry.crawler"))
                .withPropertyValues("quarry.application-id=MYAPP", "quarry.api-key=" + KEY);
        analyzeStartup(querySuggestions, analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: quarry.region is not set: the"
                            + " query-suggestions client (module client-query-suggestions) needs it")
                    .contains("environment variable QUARRY_REGION");
            assertThat(analysis.getAction())
                    .startsWith("Set quarry.region (environment variable QUARRY_REGION) to us or eu,")
                    .contains("quarry.<client>.hosts", "QuarryConnectionDetails", "take its module off the class path")
                    .doesNotContain("define a QuarryConnectionDetails bean that gives it");
        });
    }

    @Test
    void anUnusablePropertyIsToBeCorrected() {
        analyzeStartup(
                configured.withPropertyValues("quarry.hosts=https://ok.example.com," + KEY + "://x"), analysis -> {
                    assertThat(analysis.getDescription())
                            .startsWith("A Quarry client could not be configured: quarry.hosts[1] (environment variable"
                                    + " QUARRY_HOSTS) is not a host URL");
                    assertThat(analysis.getAction()).startsWith("Correct the value of quarry.hosts[1],");
                });
        analyzeStartup(configured.withPropertyValues("quarry.api-key=" + KEY + "\u00e9"), analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: quarry.application-id or quarry.api-key:");
            assertThat(analysis.getAction())
                    .startsWith("Correct the value of quarry.application-id or quarry.api-key,");
        });
        analyzeStartup(configured.withPropertyValues("quarry.region=mars"), analysis -> {
            assertThat(analysis.getDescription()).contains("quarry.region (environment variable QUARRY_REGION)");
            assertThat(analysis.getAction()).startsWith("Correct the value of quarry.region,");
        });
    }

    @Test
    void aTimeoutOfZeroOrLessNamesItsOwnProperty() {
        for (String property : List.of("quarry.connect-timeout", "quarry.read-timeout", "quarry.write-timeout")) {
            String variable = property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
            analyzeStartup(
                    configured.withPropertyValues(
                            "quarry.connect-timeout=1s",
                            "quarry.read-timeout=1s",
                            "quarry.write-timeout=1s",
                            property + "=-5s"),
                    analysis -> {
                        assertThat(analysis.getDescription())
                                .as(property)
                                .startsWith("A Quarry client could not be configured: " + property
                                        + " (environment variable " + variable + "): ")
                                .contains("must be positive, got pt-5s");
                        assertThat(analysis.getAction())
                                .as(property)
                                .startsWith("Correct the value of " + property + ", in the application's");
                    });
        }
    }

    @Test
    void aCallSettingRefusedIsToBeCorrectedByItsProperty() {
        for (String property : List.of(
                "quarry.attempt-timeout=0s",
                "quarry.max-response-bytes=0B",
                "quarry.retry-rounds.max-rounds=0",
                "quarry.user-agent-segment=a;b")) {
            String name = property.substring(0, property.indexOf('='));
            analyzeStartup(configured.withPropertyValues(property), analysis -> {
                assertThat(analysis.getDescription())
                        .as(property)
                        .startsWith("A Quarry client could not be configured: " + name + " (environment variable "
                                + EnvironmentVariables.of(name) + "): ");
                assertThat(analysis.getAction())
                        .as(property)
                        .startsWith("Correct the value of " + name + ", in the application's");
            });
        }
    }

    @Test
    void aNegativeCloseTimeoutNamesItsProperty() {
        // zero is a close timeout of its own (calls in flight cancelled at once): only a negative one is refused
        analyzeStartup(configured.withPropertyValues("quarry.close-timeout=-5s"), analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: quarry.close-timeout (environment variable"
                            + " QUARRY_CLOSE_TIMEOUT): ")
                    .contains("must not be negative, got pt-5s");
            assertThat(analysis.getAction())
                    .startsWith("Correct the value of quarry.close-timeout, in the application's");
        });
    }

    @Test
    void connectionDetailsThatCannotGiveAValueAreToBeCorrected() {
        QuarryConnectionDetails unusableKey = new QuarryConnectionDetails() {
            @Override
            public String getApplicationId() {
                return "MYAPP";
            }

            @Override
            public String getApiKey(QuarryProduct product) {
                return KEY + "\u00e9";
            }
        };
        String bean = unusableKey.getClass().getName();
        analyzeStartup(runner.withBean(QuarryConnectionDetails.class, () -> unusableKey), analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: the application's QuarryConnectionDetails ("
                            + bean + "):")
                    .contains("for the search client");
            assertThat(analysis.getAction())
                    .startsWith("Correct the application's QuarryConnectionDetails bean (" + bean + ")");
        });
    }

    @Test
    void connectionDetailsGivingANullHostAreToBeCorrected() {
        QuarryConnectionDetails nullHost = new QuarryConnectionDetails() {
            @Override
            public String getApplicationId() {
                return "MYAPP";
            }

            @Override
            public String getApiKey(QuarryProduct product) {
                return KEY;
            }

            @Override
            public List<Host> getHosts(QuarryProduct product) {
                return Arrays.asList(Host.of("https://one.example.com"), null);
            }
        };
        analyzeStartup(
                runner.withBean(QuarryConnectionDetails.class, () -> nullHost),
                analysis ->
                        assertThat(analysis.getDescription()).endsWith("its hosts for the search client hold a null"));
    }

    @Test
    void settingsRefusedAsAWholeAreToBeCorrectedWhereTheApplicationSetsThem() {
        analyzeStartup(configured.withPropertyValues("quarry.hosts=http://search.example.com"), analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: refusing plain http");
            assertThat(analysis.getAction())
                    .contains("QuarryConnectionDetails bean")
                    .contains("QuarryClientConfigCustomizer beans");
        });
    }

    @Test
    void plainHttpRefusedIsToBeAllowedByItsPropertyWhereIntended() {
        analyzeStartup(
                configured.withPropertyValues("quarry.hosts=http://search-mock:8080"),
                analysis -> assertThat(analysis.getAction())
                        .endsWith("set quarry.allow-insecure-http (environment variable QUARRY_ALLOW_INSECURE_HTTP) to"
                                + " true."));
        // a customizer's opt-in still lets it through, and a refusal the opt-in would not cure does not offer it
        analyzeStartup(
                configured.withBean(
                        QuarryClientConfigCustomizer.class, () -> builder -> builder.defaultHeader("X-Bad\n", "v")),
                analysis -> assertThat(analysis.getAction()).doesNotContain("allow-insecure-http"));
        configured
                .withPropertyValues("quarry.hosts=http://search-mock:8080")
                .withBean(QuarryClientConfigCustomizer.class, () -> builder -> builder.allowInsecureHttp())
                .run(context -> assertThat(context).hasNotFailed());
    }

    @Test
    void aCrawlerHostOffTheCrawlerApisPathIsToBeCorrectedWhereTheApplicationSetsIt() {
        ApplicationContextRunner crawlerOnly = new ApplicationContextRunner()
                .withConfiguration(AutoConfigurations.of(QuarryAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader(
                        "io.quarry.search",
                        "io.quarry.analytics",
                        "io.quarry.insights",
                        "io.quarry.personalization",
                        "io.quarry.answers",
                        "io.quarry.querysuggestions",
                        "io.quarry.monitoring",
                        "io.quarry.usage"))
                .withPropertyValues(
                        "quarry.crawler.user-id=crawler-user",
                        "quarry.crawler.api-key=" + KEY,
                        "quarry.crawler.hosts=https://proxy.example.com/crawler");
        analyzeStartup(crawlerOnly, analysis -> {
            assertThat(analysis.getDescription())
                    .startsWith("A Quarry client could not be configured: the crawler API is served under the base"
                            + " path /api/1");
            assertThat(analysis.getAction()).contains("quarry.*hosts properties");
        });
    }

    @Test
    void aLibraryTooOldIsToBeDeclaredInTheDependencyManagement() {
        // Creating a client is where the core checks the class path; this one fails as it does on Boot 3.5's
        // jackson-annotations, whose real check examples/old-jackson-annotations runs.
        ClientConfigs configs =
                new ClientConfigs(new PropertiesQuarryConnectionDetails(properties()), properties(), Stream.empty());
        Throwable failure = new BeanCreationException(
                "quarrySearchClient",
                "creation failed",
                capture(() -> configs.create(QuarryProduct.SEARCH, config -> {
                    throw new ConfigurationException(TOO_OLD_ANNOTATIONS);
                })));

        FailureAnalysis analysis = analyzer.analyze(failure);

        assertThat(analysis.getDescription())
                .isEqualTo("A Quarry client could not be created on this class path: " + TOO_OLD_ANNOTATIONS);
        assertThat(analysis.getAction())
                .startsWith("Declare the library the description names, at the version it gives, ahead of Spring"
                        + " Boot's dependency management")
                .doesNotContain("propert");
    }

    @Test
    void aClientTheApplicationMadeItselfIsToBeCorrectedAsTheMessageSays() {
        Throwable failure = new BeanCreationException(
                "searchClient",
                "creation failed",
                capture(() -> ClientConfig.builder("MYAPP", KEY)
                        .hosts(Host.of("http://search.example.com"))
                        .build()));

        FailureAnalysis analysis = analyzer.analyze(failure);

        assertThat(analysis.getDescription())
                .startsWith("A Quarry client could not be configured: refusing plain http to");
        assertThat(analysis.getAction()).startsWith("Correct the client's configuration as the description says");
    }

    @Test
    void anotherFailureIsLeftToOtherAnalyzers() {
        assertThat(analyzer.analyze(new BeanCreationException("unrelated"))).isNull();
    }

    @Test
    void springBootFindsTheAnalyzer() {
        // Boot's own analyzers need arguments that Boot gives them; they are not what this test is about
        SpringFactoriesLoader.FailureHandler skipOthers = (type, implementation, failure) -> {};
        assertThat(SpringFactoriesLoader.forDefaultResourceLocation().load(FailureAnalyzer.class, null, skipOthers))
                .hasAtLeastOneElementOfType(QuarryConfigurationFailureAnalyzer.class);
    }

    private void analyzeStartup(ApplicationContextRunner failing, Consumer<FailureAnalysis> check) {
        failing.run(context -> {
            assertThat(context).hasFailed();
            FailureAnalysis analysis = analyzer.analyze(context.getStartupFailure());
            assertThat(analysis).isNotNull();
            assertThat(analysis.getDescription()).doesNotContain(KEY);
            assertThat(analysis.getAction()).doesNotContain(KEY);
            check.accept(analysis);
        });
    }

    private static QuarryProperties properties() {
        QuarryProperties properties = new QuarryProperties();
        properties.setApplicationId("MYAPP");
        properties.setApiKey(KEY);
        return properties;
    }

    private static RuntimeException capture(Runnable failing) {
        try {
            failing.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected a failure");
    }
}
