/**
 * The Quarry mock server: an in-memory implementation of the search service for integration tests.
 *
 * <p>Public API: {@link io.quarry.mockserver.MockServer} (embedded, with its builder),
 * {@link io.quarry.mockserver.Main} (command line), {@link io.quarry.mockserver.TrustMaterial} (HTTPS trust) and
 * the JUnit 5 extension in {@code io.quarry.mockserver.junit}. Everything under {@code internal} may change at any
 * time.
 */
package io.quarry.mockserver;
