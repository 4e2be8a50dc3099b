/**
 * The hosts of one server: each a listener (a port) of its own, serving the same application, with its own
 * scripted faults (refused connections, held requests, per-request faults) and request count. Internal: not part of
 * the public API.
 */
package io.quarry.mockserver.internal.http.hosts;
