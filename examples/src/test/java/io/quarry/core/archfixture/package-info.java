/**
 * Classes that break the rule on cycles of the core's classes on purpose, beside allowed ones, so that a test can
 * prove the rule fails on them. The rule looks at the core's package tree, so they sit in it; they are test classes
 * of the examples, which the check of the real classes never sees.
 */
package io.quarry.core.archfixture;
