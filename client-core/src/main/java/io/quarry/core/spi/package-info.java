/**
 * The rails a client module is built on: the documented extension point of the core for module authors.
 *
 * <p>A module declares its {@link io.quarry.core.Endpoint}s as constants and its models; its public handles are
 * thin {@link io.quarry.core.spi.ScopedHandle}s over a {@link io.quarry.core.spi.CallScope}, which starts each
 * request with the view's options and fixed path parameters already applied. Waiting on a task uses
 * {@link io.quarry.core.spi.Polling} with a {@link io.quarry.core.WaitPolicy}; paged reads return a
 * {@link io.quarry.core.PagedIterable} built from {@link io.quarry.core.spi.Page}s; small JSON objects are
 * built with {@link io.quarry.core.spi.JsonBodies}. An asynchronous helper making several calls runs them in
 * {@link io.quarry.core.spi.CallScope#compositeCallAsync(String, java.util.function.Function)}, through the scope it
 * gives: cancelling the helper's future then cancels its calls in flight ({@link io.quarry.core.spi.CallGroup}). A
 * request value kept as a map of members (search parameters, settings) extends
 * {@link io.quarry.core.spi.MapValue}; a value the service names declares its known names in
 * {@link io.quarry.core.spi.KnownNames}. The packages of a module's request and response types are marked
 * {@link io.quarry.core.spi.SdkTypes}, so that they keep the SDK's JSON mapping beside a caller's record mapper.
 *
 * <p>Observability: a {@link io.quarry.core.spi.CallObserver} registered on the client configuration is told of
 * every call ({@link io.quarry.core.spi.CallDescription}, {@link io.quarry.core.spi.CallEnd}) and each of its tries
 * ({@link io.quarry.core.spi.TryStart}, {@link io.quarry.core.spi.TryEnd}); helpers show as composite calls
 * through {@link io.quarry.core.spi.CallScope#compositeCall(String, java.util.function.Function)}. The Micrometer
 * and OpenTelemetry integrations implement it; an application may too.
 *
 * <p>Apart from an observer, application code never needs this package; it is stable for module authors, while
 * {@code io.quarry.core.internal} is not public API and is imported by no other module.
 */
@SdkTypes
package io.quarry.core.spi;
