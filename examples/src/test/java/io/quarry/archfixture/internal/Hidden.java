package io.quarry.archfixture.internal;

/** An internal type of the fixture module {@code io.quarry.archfixture}. */
public class Hidden {}
