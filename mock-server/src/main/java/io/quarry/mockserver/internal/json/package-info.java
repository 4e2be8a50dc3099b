/** The JSON mapper and tree helpers. Internal: not part of the public API. */
package io.quarry.mockserver.internal.json;
