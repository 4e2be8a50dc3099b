/**
 * Classes that break the architecture rules on purpose, so that a test can prove each rule fails on them. They are
 * test classes: the check of the real classes never sees them.
 */
package io.quarry.archfixture;
