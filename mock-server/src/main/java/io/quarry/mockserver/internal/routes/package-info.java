/** The route table in one place, and one handler class per API area. Internal: not part of the public API. */
package io.quarry.mockserver.internal.routes;
