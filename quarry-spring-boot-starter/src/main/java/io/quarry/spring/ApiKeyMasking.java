package io.quarry.spring;

import java.util.Locale;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Masks the {@code quarry.*} API keys in the actuator's {@code configprops} and {@code env} endpoints. Spring Boot
 * masks every value unless {@code management.endpoint.<id>.show-values} says otherwise, and then masks nothing by
 * name: an application that shows values to find a wrong host or timeout would show its keys with them. Both Boot
 * lines keep the sanitizing API in the same package.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.SanitizingFunction")
class ApiKeyMasking {

    @Bean
    SanitizingFunction quarryApiKeySanitizingFunction() {
        return data -> isApiKey(data) ? data.withSanitizedValue() : data;
    }

    /**
     * Whether the entry is one of the keys, in any form Spring Boot binds: {@code quarry.api-key},
     * {@code quarry.search.apiKey} (configprops names the bound field), {@code QUARRY_CRAWLER_API_KEY} (env).
     */
    static boolean isApiKey(SanitizableData data) {
        String key = data.getKey() == null ? "" : data.getKey().toLowerCase(Locale.ROOT);
        String letters = key.replaceAll("[^a-z0-9]", "");
        return letters.startsWith("quarry") && letters.endsWith("apikey");
    }
}
