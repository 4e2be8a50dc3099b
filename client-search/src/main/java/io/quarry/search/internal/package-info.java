/** Implementation details of the search client; not part of the public API. */
package io.quarry.search.internal;
