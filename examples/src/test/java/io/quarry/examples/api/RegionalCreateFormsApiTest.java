package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.analytics.AnalyticsClient;
import io.quarry.answers.AnswersClient;
import io.quarry.core.ClientConfig;
import io.quarry.core.Region;
import io.quarry.insights.InsightsClient;
import io.quarry.personalization.PersonalizationClient;
import io.quarry.querysuggestions.QuerySuggestionsClient;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The rule for the companion clients' {@code create} forms (written in the compatibility guide): where the service
 * answers without a region (analytics, on the United States host's alias), the region is optional and each form
 * comes with and without it; where it has regional hosts only (personalization, query suggestions), every form takes
 * one; where it has one host (insights, answers), none does.
 */
class RegionalCreateFormsApiTest {

    private static final List<Class<?>> KEY = List.of(String.class, String.class);
    private static final List<Class<?>> KEY_REGION = List.of(String.class, String.class, Region.class);
    private static final List<Class<?>> CONFIG = List.of(ClientConfig.class);
    private static final List<Class<?>> CONFIG_REGION = List.of(ClientConfig.class, Region.class);

    @Test
    void aRegionIsOptionalWhereTheServiceHasAHostWithoutOne() {
        assertThat(createForms(AnalyticsClient.class))
                .containsExactlyInAnyOrder(KEY, KEY_REGION, CONFIG, CONFIG_REGION);
    }

    @Test
    void aRegionIsRequiredWhereTheServiceHasRegionalHostsOnly() {
        assertThat(createForms(PersonalizationClient.class)).containsExactlyInAnyOrder(KEY_REGION, CONFIG_REGION);
        assertThat(createForms(QuerySuggestionsClient.class)).containsExactlyInAnyOrder(KEY_REGION, CONFIG_REGION);
    }

    @Test
    void noFormTakesARegionWhereTheServiceHasOneHost() {
        assertThat(createForms(InsightsClient.class)).containsExactlyInAnyOrder(KEY, CONFIG);
        assertThat(createForms(AnswersClient.class)).containsExactlyInAnyOrder(KEY, CONFIG);
    }

    private static Set<List<Class<?>>> createForms(Class<?> client) {
        return Arrays.stream(client.getMethods())
                .filter(method -> method.getName().equals("create") && Modifier.isStatic(method.getModifiers()))
                .map(Method::getParameterTypes)
                .map(types -> List.<Class<?>>of(types))
                .collect(Collectors.toSet());
    }
}
