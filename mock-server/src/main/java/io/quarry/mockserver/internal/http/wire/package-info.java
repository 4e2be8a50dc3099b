/**
 * The mock server's HTTP/1.1 wire: listening sockets, one thread per open connection, request heads and bodies
 * read within limits and deadlines, answers written whole. Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.http.wire;
