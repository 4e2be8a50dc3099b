/** The HTTP layer: one entry point, the router (route table entries are built in routes), errors as JSON. Internal: not part of the public API. */
package io.quarry.mockserver.internal.http;
