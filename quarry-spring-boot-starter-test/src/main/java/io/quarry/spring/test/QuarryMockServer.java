package io.quarry.spring.test;

import io.quarry.mockserver.junit.MockServerExtension;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts the embedded mock server for a Spring test and points every auto-configured Quarry client at it: its URL
 * (its hosts' URLs, with {@link #hosts()}) becomes every client's host, and its application ID and keys (admin, monitoring, usage, crawler) their
 * credentials. It does so with a {@link io.quarry.spring.QuarryConnectionDetails} bean, which wins over the
 * {@code quarry.*} connection properties the application sets and over its own connection details; the other
 * properties (timeouts, logging, health checks) still apply. The server is a bean
 * ({@link io.quarry.mockserver.MockServer}) that a test can inject, to seed it or script faults; it stops with the
 * application context, which Spring's test cache shares between test classes that declare the same settings. Under
 * JUnit's parallel execution such classes take turns on their shared server, one class (with its {@code @Nested}
 * classes) at a time, so that no class's reset or faults land in another's tests; classes with other settings have
 * servers of their own and run at once.
 *
 * <pre>{@code
 * @SpringBootTest
 * @QuarryMockServer(seed = "classpath:quarry/products.json")
 * class CatalogTest {
 *     @Autowired SearchClient search;
 * }
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface QuarryMockServer {

    /**
     * {@return whether the server speaks HTTPS with a throwaway certificate, which the clients then trust}
     */
    boolean https() default false;

    /**
     * {@return how many hosts (ports) the server listens on, all serving the same application: every client gets
     *     them all as its hosts, in order, each serving reads and writes, so that a test can script a fault for one
     *     host ({@code server.hosts().get(0).faults()}) and see the calls fail over to the next; 1 by default}
     */
    int hosts() default 1;

    /**
     * {@return seed documents loaded at start and by every reset, as Spring resource locations
     *     ({@code classpath:quarry/products.json}, {@code file:seed/products.json}); each is
     *     {@code {"indices": {"<name>": {"settings", "synonyms", "rules", "records"}}}}}
     */
    String[] seed() default {};

    /**
     * {@return what the server keeps between test methods: by default it goes back to its startup state (seed
     *     applied again) before each one, so tests do not see each other's writes; {@code KEPT_ACROSS_CLASS} puts
     *     it back once, as the class starts, and keeps what the class's tests (and its {@code @Nested} classes)
     *     write. Either way a class never sees what another class sharing the server wrote}
     */
    MockServerExtension.StatePolicy state() default MockServerExtension.StatePolicy.RESET_BEFORE_EACH_TEST;
}
