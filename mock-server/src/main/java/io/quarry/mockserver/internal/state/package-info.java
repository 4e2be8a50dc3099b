/** Application state: indices, per-index ordered writes, tasks, settings, synonyms, seeding. Internal: not part of the public API. */
package io.quarry.mockserver.internal.state;
