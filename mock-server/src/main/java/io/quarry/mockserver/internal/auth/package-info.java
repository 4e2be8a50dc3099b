/** Credential checks, run once per request after routing and before any handler. Internal: not part of the public API. */
package io.quarry.mockserver.internal.auth;
