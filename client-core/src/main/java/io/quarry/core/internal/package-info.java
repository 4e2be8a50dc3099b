/**
 * Implementation of the transport core: retry strategy and host states, path and query encoding, the JSON
 * mapper, User-Agent, redaction and the OkHttp transport. Not part of the public API: it may change in any
 * release, and client modules must only use {@code io.quarry.core}.
 */
package io.quarry.core.internal;
