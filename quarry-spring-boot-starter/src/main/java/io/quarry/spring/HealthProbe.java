package io.quarry.spring;

import io.quarry.core.ClientConfig;
import io.quarry.core.ConfigurationException;
import io.quarry.core.RequestOptions;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ClientHandle;
import io.quarry.core.spi.ObservedCall;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * One enabled health check: a client's cheap read, limited to {@code quarry.health.timeout}. This part is the same
 * on both Boot lines; each line's health auto-configuration only wraps the checks in its own health types.
 *
 * <p>The check runs on a client of its own, made from the application's client's configuration without its call
 * observer: the checks are the starter's calls, not the application's, so they stay out of its call metrics and
 * traces. It calls the client's asynchronous form, so that the checks of one health request run at once on the
 * clients' own threads ({@link HealthRound}). Closing the probe closes that client.
 */
final class HealthProbe implements AutoCloseable {

    /** The limit on a check's call when {@code quarry.health.timeout} is set empty: its default. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);

    private static final String TIMEOUT_PROPERTY = "quarry.health.timeout";

    /** Reports nothing, in place of the application's observer. */
    private static final CallObserver UNOBSERVED = call -> ObservedCall.NONE;

    private final String name;
    private final String call;
    private final String credentials;
    private final Supplier<CompletableFuture<?>> read;
    private final Predicate<Throwable> answered;
    private final ClientHandle<?> client;

    private HealthProbe(
            String name,
            String call,
            String credentials,
            Supplier<CompletableFuture<?>> read,
            Predicate<Throwable> answered,
            ClientHandle<?> client) {
        this.name = name;
        this.call = call;
        this.credentials = credentials;
        this.read = read;
        this.answered = answered;
        this.client = client;
    }

    /**
     * {@return a check on a client of its own}
     *
     * @param product           the client's product, which names the indicator ({@code search})
     * @param applicationClient the application's client, whose configuration the check's client copies
     * @param create            the client module's factory
     * @param call              what the read does, and the key's right it needs where one is documented, for the
     *                          details shown when the key is refused it
     * @param read              the cheap read, in its asynchronous form
     * @param answered          the failures that still show the service answered and accepted the key (none but
     *                          the refusals {@link KeyRefusal} reads, unless a read's documented answer is an error)
     * @param connection        where the credentials come from, to name them when the service does not know them
     * @param properties        the properties, for the check's time limit
     * @param <C>               the client's type
     */
    static <C extends ClientHandle<C>> HealthProbe of(
            QuarryProduct product,
            C applicationClient,
            Function<ClientConfig, C> create,
            String call,
            Function<C, CompletableFuture<?>> read,
            Predicate<Throwable> answered,
            QuarryConnectionDetails connection,
            QuarryProperties properties) {
        RequestOptions limit = limit(timeout(properties));
        C own = create.apply(
                applicationClient.config().toBuilder().callObserver(UNOBSERVED).build());
        C limited = own.withOptions(limit);
        return new HealthProbe(
                product.groupName(),
                call,
                connection instanceof PropertiesQuarryConnectionDetails fromProperties
                        ? fromProperties.credentialProperties(product)
                        : "the application's QuarryConnectionDetails",
                () -> read.apply(limited),
                answered,
                own);
    }

    /**
     * {@return the limit on the checks of one health request, together: {@code quarry.health.timeout}} It is checked
     * before any check's client is made, so that a timeout refused leaves no client behind.
     *
     * @param properties the properties
     */
    static Duration timeout(QuarryProperties properties) {
        Duration set = properties.getHealth().getTimeout();
        Duration timeout = set == null ? DEFAULT_TIMEOUT : set; // null: quarry.health.timeout set empty
        if (timeout.isNegative() || timeout.isZero()) {
            throw new ClientSetupException(
                    ClientSetupException.Problem.INVALID_PROPERTY,
                    TIMEOUT_PROPERTY,
                    new ConfigurationException(TIMEOUT_PROPERTY + " (environment variable "
                            + EnvironmentVariables.of(TIMEOUT_PROPERTY) + ") must be positive, got "
                            + timeout.toString().toLowerCase(Locale.ROOT)));
        }
        return timeout;
    }

    /** {@return the indicator's name under the {@code quarry} contributor: {@code query-suggestions}} */
    String name() {
        return name;
    }

    /**
     * {@return the check's call, under way} A call the client cannot start (it is closed) is a future failed with
     * the reason, as a call that fails later is.
     */
    CompletableFuture<?> start() {
        try {
            return read.get();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /**
     * {@return what the check's call, ended, shows} Up when the service answered: with the read's answer, with an
     * answer that still shows the service is there ({@code answered}), or refusing the call to a key it knows that
     * lacks the call's right (a key limited to what the application does, such as a search-only key). Down
     * otherwise, with the fix when the service does not know the credentials or refused them the call for another
     * reason.
     *
     * @param failure the call's failure, or null when it was answered
     */
    HealthVerdict verdict(Throwable failure) {
        if (failure == null || answered.test(failure)) {
            return HealthVerdict.up(Map.of());
        }
        KeyRefusal refusal = KeyRefusal.of(failure);
        if (refusal == null) {
            return HealthVerdict.down(failure, Map.of());
        }
        return switch (refusal) {
            case LACKS_RIGHT ->
                HealthVerdict.up(Map.of(
                        "access",
                        "The service answered and accepted the key; the key lacks the right to this check's call (it "
                                + call + "), as a key limited to what the application does may."));
            case INVALID_CREDENTIALS ->
                HealthVerdict.down(
                        failure,
                        Map.of(
                                "fix",
                                "The service does not know the credentials of the " + name + " client: check "
                                        + credentials + ", or turn the check off with " + enabledProperty()
                                        + "=false."));
            case RESTRICTED ->
                HealthVerdict.down(
                        failure,
                        Map.of(
                                "fix",
                                "The service refused the key this check's call (it " + call + "): a restriction of"
                                        + " the key or a quota. Lift it, or turn the check off with "
                                        + enabledProperty()
                                        + "=false."));
        };
    }

    @Override
    public void close() {
        client.close();
    }

    private String enabledProperty() {
        return "quarry.health." + name + ".enabled";
    }

    /** Options limiting a check's call to the timeout, every try included. */
    private static RequestOptions limit(Duration timeout) {
        return RequestOptions.builder()
                .connectTimeout(timeout)
                .readTimeout(timeout)
                .attemptTimeout(timeout)
                .callDeadline(timeout)
                .build();
    }
}
