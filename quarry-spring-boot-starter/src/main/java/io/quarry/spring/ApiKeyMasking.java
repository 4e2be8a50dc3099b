package io.quarry.spring;

import java.util.Locale;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Masks the {@code quarry.*} keys in the actuator's {@code configprops} and {@code env} endpoints. Spring Boot
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
     * Whether the entry may hold a key: a Quarry name with {@code key} (or {@code secret}) in it, in any form Spring
     * Boot binds or the environment gives. That is the clients' keys ({@code quarry.api-key},
     * {@code quarry.search.apiKey} as configprops names the bound field, {@code QUARRY_CRAWLER_API_KEY} in env), the
     * mock server's ({@code QUARRY_MOCK_ADMIN_KEY}, {@code QUARRY_MOCK_CRAWLER_KEY}, ... of a local run or a
     * container's settings), and an application's own under the prefix, such as the parent key it derives secured
     * keys from ({@code quarry.secured-key-parent}). No other {@code quarry.*} property has either word in its name.
     */
    static boolean isApiKey(SanitizableData data) {
        String key = data.getKey() == null ? "" : data.getKey().toLowerCase(Locale.ROOT);
        String letters = key.replaceAll("[^a-z0-9]", "");
        return letters.startsWith("quarry") && (letters.contains("key") || letters.contains("secret"));
    }
}
