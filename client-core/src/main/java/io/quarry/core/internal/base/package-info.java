/**
 * Helpers that know no Quarry type (Jackson settings for records, creator handles, plain JSON values, module
 * versions), shared by the public values and the machinery: the one part of the core's internals that its public
 * package may use. Not part of the public API: it may change in any release.
 */
package io.quarry.core.internal.base;
