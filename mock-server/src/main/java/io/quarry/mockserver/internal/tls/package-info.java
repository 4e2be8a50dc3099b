/**
 * The certificate minted at start for HTTPS, encoded with the JDK alone. Internal: not part of the public API.
 */
package io.quarry.mockserver.internal.tls;
