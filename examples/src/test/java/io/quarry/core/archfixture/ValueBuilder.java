package io.quarry.core.archfixture;

/** Allowed: builds the {@link Value} that makes it, a cycle inside one package. */
final class ValueBuilder {

    private String name;

    ValueBuilder name(String name) {
        this.name = name;
        return this;
    }

    Value build() {
        return new Value(name);
    }
}
