package io.quarry.examples.api;

import io.quarry.core.ClientConfig;
import io.quarry.core.Region;
import io.quarry.core.WaitPolicy;
import io.quarry.mockserver.MockServer;
import io.quarry.search.ApiKeyChange;
import io.quarry.testsupport.MockServerClients;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Calls every public method of every client handle with null in each of its reference parameters (and plain values
 * in the others) against a mock server, and says what each did with the null: threw, returned a future that failed,
 * or took it.
 */
final class NullArgumentsProbe implements AutoCloseable {

    /** What one call did with its null. */
    enum Outcome {
        /** threw at once */
        THREW,
        /** returned a future that failed */
        FUTURE_FAILED,
        /** returned, or its future completed or was still running */
        TOOK_IT
    }

    /**
     * One call with one null.
     *
     * @param handle    the handle's class
     * @param method    the method
     * @param parameter the index of the parameter given null
     * @param outcome   what it did
     * @param error     what it threw or its future failed with, or null
     * @param alone     whether it was the only null (every other parameter had a value)
     */
    record Call(Class<?> handle, Method method, int parameter, Outcome outcome, Throwable error, boolean alone) {
        boolean isAsync() {
            return CompletableFuture.class.isAssignableFrom(method.getReturnType());
        }

        @Override
        public String toString() {
            String types = String.join(
                    ", ",
                    Arrays.stream(method.getParameterTypes())
                            .map(Class::getSimpleName)
                            .toList());
            return handle.getSimpleName() + "." + method.getName() + "(" + types + ") null #" + parameter + ": "
                    + outcome
                    + (error == null ? "" : " " + error.getClass().getSimpleName() + ": " + error.getMessage());
        }
    }

    private final List<AutoCloseable> clients = new ArrayList<>();
    private final List<Object> handles = new ArrayList<>();
    private final ExecutorService calling = Executors.newCachedThreadPool(runnable -> {
        Thread thread = new Thread(runnable, "null-arguments probe");
        thread.setDaemon(true);
        return thread;
    });

    NullArgumentsProbe(MockServer server) {
        ClientConfig config = MockServerClients.config(server);
        var search = client(io.quarry.search.SearchClient.create(config));
        var index = search.index("nulls");
        handles.addAll(List.of(
                search,
                index,
                index.rules(),
                index.synonyms(),
                index.apiKeys(),
                search.apiKeys(),
                search.clusters(),
                search.dictionaries()));
        handles.add(index.ingester());
        var analytics = client(io.quarry.analytics.AnalyticsClient.create(config));
        handles.addAll(List.of(analytics, analytics.index("nulls")));
        handles.add(client(io.quarry.answers.AnswersClient.create(config)));
        var insights = client(io.quarry.insights.InsightsClient.create(config));
        handles.addAll(List.of(insights, insights.user("u")));
        handles.add(client(io.quarry.monitoring.MonitoringClient.create(config)));
        handles.add(client(io.quarry.personalization.PersonalizationClient.create(config, Region.EU)));
        handles.add(client(io.quarry.querysuggestions.QuerySuggestionsClient.create(config, Region.US)));
        handles.add(client(io.quarry.usage.UsageClient.create(config)));
        var crawler = client(io.quarry.crawler.CrawlerClient.create(config));
        handles.addAll(List.of(crawler, crawler.crawler("c")));
    }

    private <T extends AutoCloseable> T client(T client) {
        clients.add(client);
        return client;
    }

    /** {@return every call with one null, in a stable order} */
    List<Call> run() throws InterruptedException {
        List<Call> calls = new ArrayList<>();
        for (Object handle : handles) {
            Method[] methods = handle.getClass().getMethods();
            Arrays.sort(methods, Comparator.comparing(Method::toGenericString));
            for (Method method : methods) {
                if (!method.getDeclaringClass().getPackageName().startsWith("io.quarry")
                        || Modifier.isStatic(method.getModifiers())
                        || method.getName().equals("close")
                        || method.getName().equals("closeAsync")) {
                    continue;
                }
                Class<?>[] types = method.getParameterTypes();
                for (int i = 0; i < types.length; i++) {
                    if (!types[i].isPrimitive()) {
                        calls.add(call(handle, method, i));
                    }
                }
            }
        }
        return calls;
    }

    private Call call(Object handle, Method method, int parameter) throws InterruptedException {
        Class<?>[] types = method.getParameterTypes();
        Object[] arguments = new Object[types.length];
        for (int j = 0; j < types.length; j++) {
            arguments[j] = j == parameter ? null : value(types[j]);
        }
        boolean alone =
                Arrays.stream(arguments).filter(argument -> argument == null).count() == 1;
        Future<Object> invoked = calling.submit(() -> method.invoke(handle, arguments));
        Object result;
        try {
            result = invoked.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable thrown =
                    e.getCause() instanceof InvocationTargetException target ? target.getCause() : e.getCause();
            return new Call(handle.getClass(), method, parameter, Outcome.THREW, thrown, alone);
        } catch (TimeoutException e) {
            invoked.cancel(true);
            return new Call(handle.getClass(), method, parameter, Outcome.TOOK_IT, null, alone);
        }
        if (result instanceof CompletableFuture<?> future) {
            try {
                future.get(10, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                return new Call(handle.getClass(), method, parameter, Outcome.FUTURE_FAILED, e.getCause(), alone);
            } catch (TimeoutException e) {
                future.cancel(true);
            }
        }
        return new Call(handle.getClass(), method, parameter, Outcome.TOOK_IT, null, alone);
    }

    /** A plain value of a parameter's type, or null when there is no obvious one. */
    static Object value(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return 1;
        }
        if (type == long.class || type == Long.class) {
            return 1L;
        }
        if (type == double.class || type == Double.class) {
            return 1.0;
        }
        if (type == boolean.class || type == Boolean.class) {
            return false;
        }
        if (type == String.class) {
            return "x";
        }
        if (type == List.class || type == Iterable.class || type == Collection.class) {
            return List.of();
        }
        if (type == Map.class) {
            return Map.of();
        }
        if (type == Set.class) {
            return Set.of();
        }
        if (type == Class.class) {
            return Map.class;
        }
        if (type == Instant.class) {
            return Instant.EPOCH;
        }
        if (type == LocalDate.class) {
            return LocalDate.EPOCH;
        }
        if (type == Duration.class) {
            return Duration.ofSeconds(1);
        }
        if (type == Object.class) {
            return Map.of("objectID", "x");
        }
        if (type == WaitPolicy.class) {
            return WaitPolicy.of().withMaxAttempts(1);
        }
        if (type.isArray()) {
            return Array.newInstance(type.getComponentType(), 0);
        }
        if (type == ApiKeyChange.class) {
            // the key "x" does not exist: a wait for its deletion ends at its first read (ADD would wait out the
            // default policy of the forms without one, the probe's whole limit)
            return ApiKeyChange.DELETE;
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0];
        }
        for (Class<?>[] signature : new Class<?>[][] {{}, {String.class}}) {
            try {
                Method factory = type.getMethod("of", signature);
                if (Modifier.isStatic(factory.getModifiers()) && type.isAssignableFrom(factory.getReturnType())) {
                    return factory.invoke(null, signature.length == 0 ? new Object[0] : new Object[] {"x"});
                }
            } catch (ReflectiveOperationException | RuntimeException e) {
                // no such factory, or it refused "x": try the next
            }
        }
        if (type.isInterface()) {
            return Proxy.newProxyInstance(
                    type.getClassLoader(), new Class<?>[] {type}, (proxy, m, args) -> switch (m.getName()) {
                        case "toString" -> "proxy";
                        case "hashCode" -> 1;
                        case "equals" -> proxy == args[0];
                        default -> null;
                    });
        }
        return null;
    }

    @Override
    public void close() {
        calling.shutdownNow();
        for (AutoCloseable client : clients) {
            try {
                client.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing " + client, e);
            }
        }
    }
}
