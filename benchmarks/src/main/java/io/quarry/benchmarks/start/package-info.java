/**
 * Mock server start: the time from a fresh JVM to the first answered request, for the mock server embedded
 * ({@code MockServer.builder().start()}) and standalone ({@code java -jar mock-server-<version>-all.jar}), against
 * the floor (the JDK's own {@code com.sun.net.httpserver.HttpServer}) and WireMock 3. {@link
 * io.quarry.benchmarks.start.StartBenchmark} starts the fresh JVMs, alternating them, and prints the ratios.
 */
package io.quarry.benchmarks.start;
