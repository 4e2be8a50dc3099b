/**
 * A small core of three packages (public, {@code spi}, {@code internal}) with dependencies against the core's order
 * on purpose, beside allowed ones, so that a test can prove the order's rule fails on them. They are test classes of
 * the examples, which the check of the real classes never sees.
 */
package io.quarry.core.layerfixture;
