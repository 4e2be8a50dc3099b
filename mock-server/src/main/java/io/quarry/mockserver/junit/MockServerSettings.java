package io.quarry.mockserver.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Configures the server of {@code @ExtendWith(MockServerExtension.class)} on a test class (an enclosing class's
 * settings apply to its nested classes). Without it: one plain-HTTP server per class, reset to its seed state
 * before each test.
 *
 * <pre>{@code
 * @ExtendWith(MockServerExtension.class)
 * @MockServerSettings(seed = "src/test/resources/catalogue", fixedClock = "2026-01-01T00:00:00Z")
 * class CatalogueIT { ... }   // each test starts from the catalogue seed
 * }</pre>
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface MockServerSettings {

    /** {@return one server per class (default) or per test} */
    MockServerExtension.Lifecycle lifecycle() default MockServerExtension.Lifecycle.PER_CLASS;

    /**
     * {@return whether each test starts from the seed state (the default) or sees what {@code @BeforeAll} and the
     *     tests before it wrote ({@link MockServerExtension.StatePolicy#KEPT_ACROSS_CLASS}, per-class servers only)}
     */
    MockServerExtension.StatePolicy state() default MockServerExtension.StatePolicy.RESET_BEFORE_EACH_TEST;

    /** {@return whether the server speaks HTTPS} */
    boolean https() default false;

    /**
     * {@return how many hosts (ports) the server listens on, all serving the same application, so that a client
     *     with several hosts sees distinct hosts and faults can be scripted per host; 1 by default (see
     *     {@link io.quarry.mockserver.MockServer.Builder#hosts(int)})}
     */
    int hosts() default 1;

    /** {@return whether unknown URL parameters are a 400} */
    boolean strict() default false;

    /** {@return how long each task stays notPublished, in milliseconds} */
    long taskDelayMillis() default 0;

    /** {@return the application ID callers must send; empty for the mock server's default} */
    String applicationId() default "";

    /**
     * {@return the admin API key, at most 48 ASCII letters, digits, {@code -} and {@code _} (the server masks such
     *     keys whole wherever it shows a request again); empty for the mock server's default}
     */
    String adminKey() default "";

    /**
     * {@return seed files or folders loaded at start and after every reset, as paths relative to the working
     *     directory (Maven runs tests in the module's folder) or absolute; none by default}
     */
    String[] seed() default {};

    /**
     * {@return a fixed time for the server's clock as an ISO-8601 instant ({@code 2026-01-01T00:00:00Z}), so
     *     timestamps, key validity and analytics dates are reproducible; empty for the system clock}
     */
    String fixedClock() default "";
}
