package io.quarry.spring;

import java.util.Locale;

/** The environment variable Spring Boot binds to a {@code quarry.*} property, for messages that name both. */
final class EnvironmentVariables {

    private EnvironmentVariables() {}

    /**
     * {@return the variable's name: upper case, with {@code .} and {@code -} as {@code _}, so that
     * {@code QUARRY_API_KEY} binds to {@code quarry.api-key}}
     *
     * @param property the property's name
     */
    static String of(String property) {
        return property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
    }
}
