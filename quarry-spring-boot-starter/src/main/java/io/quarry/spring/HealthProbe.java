package io.quarry.spring;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.ForbiddenException;
import io.quarry.core.RequestOptions;
import io.quarry.core.UnauthorizedException;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.ObservedCall;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One enabled health check: a client's cheap read, limited to {@code quarry.health.timeout}. This part is the same
 * on both Boot lines; each line's health auto-configuration only wraps the checks in its own health types.
 *
 * <p>The check runs on a client of its own, made from the application's client's configuration without its call
 * observer: the checks are the starter's calls, not the application's, so they stay out of its call metrics and
 * traces. Closing the probe closes that client.
 */
final class HealthProbe implements AutoCloseable {

    /** The limit on a check's call when {@code quarry.health.timeout} is set empty: its default. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

    private static final String TIMEOUT_PROPERTY = "quarry.health.timeout";

    /** Reports nothing, in place of the application's observer. */
    private static final CallObserver UNOBSERVED = call -> ObservedCall.NONE;

    private final String name;
    private final String call;
    private final Runnable check;
    private final ClientHandle<?> client;

    private HealthProbe(String name, String call, Runnable check, ClientHandle<?> client) {
        this.name = name;
        this.call = call;
        this.check = check;
        this.client = client;
    }

    /**
     * {@return a check on a client of its own}
     *
     * @param product           the client's product, which names the indicator ({@code search})
     * @param applicationClient the application's client, whose configuration the check's client copies
     * @param create            the client module's factory
     * @param call              what the read does, and the key's right it needs where one is documented, for the fix
     *                          shown when the key is refused it
     * @param read              the cheap read; it throws when the service cannot answer
     * @param properties        the properties, for the check's time limit
     * @param <C>               the client's type
     */
    static <C extends ClientHandle<C>> HealthProbe of(
            QuarryProduct product,
            C applicationClient,
            Function<ClientConfig, C> create,
            String call,
            Consumer<C> read,
            QuarryProperties properties) {
        RequestOptions limit = limit(properties.getHealth().getTimeout());
        C own = create.apply(
                applicationClient.config().toBuilder().callObserver(UNOBSERVED).build());
        C limited = own.withOptions(limit);
        return new HealthProbe(product.groupName(), call, () -> read.accept(limited), own);
    }

    /**
     * {@return the checks by name, each made an indicator of the Boot line's health API}
     *
     * @param probes    the enabled checks
     * @param indicator makes one check an indicator
     * @param <I>       the Boot line's indicator type
     */
    static <I> Map<String, I> indicators(List<HealthProbe> probes, Function<HealthProbe, I> indicator) {
        Map<String, I> indicators = new LinkedHashMap<>();
        probes.forEach(probe -> indicators.put(probe.name, indicator.apply(probe)));
        return indicators;
    }

    /**
     * {@return the health the check finds, in the Boot line's type: up when the service answered, else down with
     * the failure and, when the key was refused the check's call, the fix}
     *
     * @param up   the Boot line's up health
     * @param down the Boot line's down health with a failure, and a fix to show as the detail {@code fix} or null
     * @param <H>  the Boot line's health type
     */
    <H> H health(Supplier<H> up, BiFunction<Exception, String, H> down) {
        try {
            check.run();
            return up.get();
        } catch (ForbiddenException | UnauthorizedException e) {
            // the service answered; the operator needs to know which call the key must be allowed
            return down.apply(
                    e,
                    "The key was refused this check's call: it " + call + ". Give the key that right, or turn the"
                            + " check off with quarry.health." + name + ".enabled=false.");
        } catch (RuntimeException e) {
            return down.apply(e, null);
        }
    }

    @Override
    public void close() {
        client.close();
    }

    /**
     * Options limiting a check's call to the timeout, every try included; checked before the check's client is made,
     * so that a timeout refused leaves no client behind.
     */
    private static RequestOptions limit(Duration set) {
        Duration timeout = set == null ? DEFAULT_TIMEOUT : set; // null: quarry.health.timeout set empty
        if (timeout.isNegative() || timeout.isZero()) {
            throw new ClientSetupException(
                    ClientSetupException.Problem.INVALID_PROPERTY,
                    TIMEOUT_PROPERTY,
                    new ConfigurationException(TIMEOUT_PROPERTY + " (environment variable "
                            + EnvironmentVariables.of(TIMEOUT_PROPERTY) + ") must be positive, got "
                            + timeout.toString().toLowerCase(Locale.ROOT)));
        }
        return RequestOptions.builder()
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .attemptTimeout(timeout)
                .callDeadline(timeout)
                .build();
    }
}
