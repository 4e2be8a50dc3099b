/** What is checked before the mock server starts. Internal: not part of the public API. */
package io.quarry.mockserver.internal.startup;
