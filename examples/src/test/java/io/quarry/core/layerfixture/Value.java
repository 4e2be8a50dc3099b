package io.quarry.core.layerfixture;

/** Allowed: a public value that uses nothing of the core's other packages. */
public record Value(String text) {}
