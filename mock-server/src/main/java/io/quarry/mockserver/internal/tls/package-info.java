/** The certificate minted at start for HTTPS. Internal: not part of the public API. */
package io.quarry.mockserver.internal.tls;
