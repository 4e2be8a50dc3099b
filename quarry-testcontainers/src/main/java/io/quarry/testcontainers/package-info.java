/**
 * The Quarry mock server as a Testcontainers container, {@link io.quarry.testcontainers.QuarryMockServerContainer},
 * for integration tests that run the server's container image rather than the server in the test's own JVM: a test
 * of an application packaged as it ships, a test suite in another language's build, or one server shared by the
 * test classes of a build. It scripts per-host faults ({@link io.quarry.testcontainers.MockHostFaults}) and gives a
 * ready {@code ClientConfig}.
 *
 * <p><b>Spring Boot.</b> With Spring Boot's Testcontainers support ({@code spring-boot-testcontainers}) and
 * {@code quarry-spring-boot-starter} on the test class path, {@code @ServiceConnection} on a container field connects
 * every auto-configured Quarry client to it, with no {@code quarry.*} property set:
 *
 * <pre>{@code
 * @SpringBootTest
 * @Testcontainers
 * class CatalogIT {
 *     @Container
 *     @ServiceConnection
 *     static QuarryMockServerContainer quarry = new QuarryMockServerContainer();
 * }
 * }</pre>
 *
 * <p>That connection lives in this module, which an application only has among its test dependencies, so that the
 * starter brings no Testcontainers to an application that does not use it; Spring Boot's Testcontainers support and
 * the starter are optional dependencies here, the application's own. The Docker Compose connection, for an
 * application that runs the image from its {@code compose.yaml} (in development as well as in tests), lives in the
 * starter instead, which needs no Testcontainers for it.
 */
package io.quarry.testcontainers;
