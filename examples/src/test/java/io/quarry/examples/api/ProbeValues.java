package io.quarry.examples.api;

import io.quarry.answers.model.AnswersQuery;
import io.quarry.core.ApiResponse;
import io.quarry.core.DefaultHosts;
import io.quarry.core.Endpoint;
import io.quarry.crawler.model.CrawlUrlsRequest;
import io.quarry.personalization.model.EventScoring;
import io.quarry.personalization.model.EventType;
import io.quarry.personalization.model.FacetScoring;
import io.quarry.personalization.model.PersonalizationStrategy;
import io.quarry.personalization.model.UserProfile;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.function.Supplier;

/**
 * A plain value of any parameter type the value probe meets, so that a method with several parameters is called
 * with null in one and a value in each other: the handles' probe's plain values ({@link NullArgumentsProbe#value}),
 * a few JDK types, then the SDK's own types made as users make them: a constant of the type, a static factory, a
 * builder, a record's canonical constructor or a public constructor, each from plain values in turn. What it makes
 * that must be closed (a client) is kept and closed by {@link #close()}.
 */
final class ProbeValues implements AutoCloseable {

    /** How deep a value's own arguments are made: a rule of a condition of a string is three steps. */
    private static final int DEPTH = 3;

    /** Values whose rules plain values break (a path, a scoring), or an interface with factories of its own. */
    private static final Map<Class<?>, Supplier<Object>> BY_HAND = Map.of(
            Endpoint.class,
            () -> Endpoint.read("probe", "GET", "/1/probe"),
            DefaultHosts.class,
            DefaultHosts::searchStyle,
            ApiResponse.class,
            () -> new ApiResponse<>("x", 200, Map.of()),
            AnswersQuery.class,
            () -> AnswersQuery.of("x", "en"),
            CrawlUrlsRequest.class,
            () -> CrawlUrlsRequest.of(List.of("https://www.example.com/")),
            UserProfile.class,
            () -> new UserProfile("x", Instant.EPOCH, Map.of()),
            PersonalizationStrategy.class,
            () -> PersonalizationStrategy.of(
                    List.of(EventScoring.of("x", EventType.CLICK, 1)), List.of(FacetScoring.of("x", 1)), 1));

    private final List<AutoCloseable> made = new ArrayList<>();

    /**
     * {@return a plain value of the type, or null when none can be made}
     *
     * @param type the parameter's type
     */
    Object of(Class<?> type) {
        return of(type, DEPTH);
    }

    private Object of(Class<?> type, int depth) {
        if (type == Map.class) {
            // a call's headers need an entry; a value's members are typed (a map of lists, say), so none
            return depth == DEPTH ? Map.of("x", "x") : Map.of();
        }
        if (BY_HAND.containsKey(type)) {
            return BY_HAND.get(type).get();
        }
        if (type.isSealed()) { // no proxy implements it: one of its subtypes does
            return Arrays.stream(type.getPermittedSubclasses())
                    .map(subtype -> of(subtype, depth))
                    .filter(value -> value != null)
                    .findFirst()
                    .orElse(null);
        }
        Object plain = NullArgumentsProbe.value(type);
        if (plain != null) {
            return plain;
        }
        Object jdk = jdkValue(type);
        if (jdk != null || depth == 0 || !type.getName().startsWith("io.quarry")) {
            return jdk;
        }
        return constant(type).or(() -> madeBy(type, depth)).orElse(null);
    }

    private static Object jdkValue(Class<?> type) {
        if (type == Optional.class) {
            return Optional.empty();
        }
        if (type == Random.class) {
            return new Random(0);
        }
        if (type == Clock.class) {
            return Clock.fixed(Instant.EPOCH, ZoneOffset.UTC);
        }
        if (type == IOException.class || type == Throwable.class) {
            return new IOException("x");
        }
        if (type == OptionalLong.class) {
            return OptionalLong.empty();
        }
        if (type == char.class || type == Character.class) {
            return 'x';
        }
        if (type == float.class || type == Float.class) {
            return 1.0f;
        }
        return null;
    }

    /** The first public constant of the type ({@code Region.EU}), in name order. */
    private static Optional<Object> constant(Class<?> type) {
        return Arrays.stream(type.getFields())
                .filter(field -> Modifier.isStatic(field.getModifiers())
                        && Modifier.isFinal(field.getModifiers())
                        && field.getType() == type)
                .sorted(Comparator.comparing(Field::getName))
                .map(ProbeValues::read)
                .flatMap(Optional::stream)
                .findFirst();
    }

    private static Optional<Object> read(Field field) {
        try {
            return Optional.ofNullable(field.get(null));
        } catch (IllegalAccessException e) {
            return Optional.empty();
        }
    }

    /**
     * Made by a public static method returning the type (a factory, fewest parameters first), by a builder's
     * {@code build()}, or by a public constructor (a record's canonical one among them).
     */
    private Optional<Object> madeBy(Class<?> type, int depth) {
        List<Executable> makers = new ArrayList<>();
        for (Method method : type.getMethods()) {
            if (Modifier.isStatic(method.getModifiers())
                    && method.getDeclaringClass() == type
                    && !method.getName().equals("valueOf")
                    && (type.isAssignableFrom(method.getReturnType()) || builds(method.getReturnType(), type))) {
                makers.add(method);
            }
        }
        makers.addAll(Arrays.asList(type.getConstructors()));
        makers.sort(Comparator.comparingInt(Executable::getParameterCount).thenComparing(Executable::toGenericString));
        for (Executable maker : makers) {
            Optional<Object> value = made(maker, depth).map(result -> built(result, type));
            if (value.isPresent() && type.isInstance(value.get())) {
                return value;
            }
        }
        return Optional.empty();
    }

    private static boolean builds(Class<?> builder, Class<?> type) {
        try {
            return type.isAssignableFrom(builder.getMethod("build").getReturnType());
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    private Object built(Object result, Class<?> type) {
        if (type.isInstance(result)) {
            return result;
        }
        try {
            return keep(result.getClass().getMethod("build").invoke(result));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    private Optional<Object> made(Executable maker, int depth) {
        Object[] arguments = new Object[maker.getParameterCount()];
        Class<?>[] types = maker.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            arguments[i] = of(types[i], depth - 1);
            if (arguments[i] == null) {
                return Optional.empty();
            }
        }
        try {
            Object result = maker instanceof Method method
                    ? method.invoke(null, arguments)
                    : ((Constructor<?>) maker).newInstance(arguments);
            return Optional.ofNullable(keep(result));
        } catch (InvocationTargetException | RuntimeException e) {
            return Optional.empty(); // it refused the plain values: try the next
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(maker.toString(), e);
        }
    }

    /**
     * Keeps what must be closed.
     *
     * @param value what a call returned
     * @return the value
     */
    Object keep(Object value) {
        if (value instanceof AutoCloseable closeable) {
            made.add(closeable);
        }
        return value;
    }

    @Override
    public void close() {
        for (AutoCloseable closeable : made) {
            try {
                closeable.close();
            } catch (Exception e) {
                // a client that failed to close is no finding of the null probe
            }
        }
        made.clear();
    }
}
