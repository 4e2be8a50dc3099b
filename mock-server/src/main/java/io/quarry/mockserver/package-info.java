/**
 * The Quarry mock server: an in-memory implementation of the search service for integration tests.
 *
 * <p>Public API: {@link io.quarry.mockserver.MockServer} (embedded, with its builder),
 * {@link io.quarry.mockserver.Main} (command line), {@link io.quarry.mockserver.TrustMaterial} (HTTPS trust), its
 * hosts and scripted faults ({@link io.quarry.mockserver.MockHost}, {@link io.quarry.mockserver.Faults},
 * {@link io.quarry.mockserver.HostFaults}, {@link io.quarry.mockserver.Fault}), the browser console's switch
 * ({@link io.quarry.mockserver.Console}), the JUnit 5 extension in {@code io.quarry.mockserver.junit}, and the search
 * engine in {@code io.quarry.mockserver.engine}. Everything under {@code internal} may change at any time.
 */
package io.quarry.mockserver;
