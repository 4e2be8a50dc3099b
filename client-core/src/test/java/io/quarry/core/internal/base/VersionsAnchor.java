package io.quarry.core.internal.base;

/** A class with no dependencies, copied into the jars {@link VersionsTest} makes. */
final class VersionsAnchor {
    private VersionsAnchor() {}
}
