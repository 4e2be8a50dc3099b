package io.quarry.core.archfixture;

/**
 * Allowed: a plain value that internal machinery uses, and that uses its own package's {@link ValueBuilder}, which
 * uses it in turn (a cycle inside one package).
 *
 * @param name a name
 */
public record Value(String name) {

    ValueBuilder toBuilder() {
        return new ValueBuilder().name(name);
    }
}
