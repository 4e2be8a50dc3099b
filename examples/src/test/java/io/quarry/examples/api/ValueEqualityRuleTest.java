package io.quarry.examples.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ScopedHandle;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The rule for equality, over the public types of every published module (written in the compatibility guide): a
 * type that holds data a test would compare (a request value, a small answer of the service, a fault, an option) is
 * a value, with {@code equals}, {@code hashCode} and {@code toString} by what it holds (a record's are Java's, a
 * {@code MapValue}'s or {@code NamedValue}'s its base's); a type that holds a record's lazily decoded bytes, a
 * resource, a handle or a configuration compares by identity, and says so in its Javadoc when it holds data. A
 * value's {@code toString} never shows a key.
 */
class ValueEqualityRuleTest {

    /**
     * Types with data that compare by identity on purpose, and why; each says so in its Javadoc.
     * Handles, resources, exceptions, builders, observers, Spring's configuration and classes of static members only
     * are left out by kind ({@link #ofAKindWithoutValues(Class)}).
     */
    private static final Map<String, String> BY_IDENTITY = Map.ofEntries(
            Map.entry("io.quarry.search.model.Hit", "a record decoded into the caller's type, members decoded lazily"),
            Map.entry("io.quarry.search.model.SearchResponse", "hits"),
            Map.entry("io.quarry.search.model.MultiSearchResult", "hits"),
            Map.entry("io.quarry.answers.model.AnswerHit", "a record decoded into the caller's type"),
            Map.entry("io.quarry.answers.model.AnswersResponse", "hits"),
            Map.entry("io.quarry.core.EnrichedRecord", "a record and its generated members' bytes, decoded lazily"),
            Map.entry("io.quarry.core.ApiResponse", "a decoded value of any type with the response's headers"),
            Map.entry("io.quarry.core.PreparedJson", "a record's bytes as one client wrote them: compare json()"),
            Map.entry("io.quarry.core.ClientConfig", "an HTTP client, a trust manager, an observer, a clock"));

    /**
     * Types that stand for something running or being made rather than for data, beyond the kinds left out whole:
     * identity is what they are.
     */
    private static final Map<String, String> NOT_VALUES = Map.ofEntries(
            Map.entry("io.quarry.core.ApiRequest", "a call being described, then run"),
            Map.entry("io.quarry.core.PagedIterable", "pages read from the service as it is iterated"),
            Map.entry("io.quarry.core.EnvironmentConfig", "a reader of the environment"),
            Map.entry("io.quarry.mockserver.Faults", "the faults of a running server"),
            Map.entry("io.quarry.mockserver.HostFaults", "the faults of a running server's host"),
            Map.entry("io.quarry.mockserver.MockHost", "a host of a running server"),
            Map.entry("io.quarry.mockserver.TrustMaterial", "a key store and its trust manager"),
            Map.entry("io.quarry.mockserver.engine.IndexData", "an index's live records and settings"),
            Map.entry("io.quarry.mockserver.engine.SearchEngine", "the engine's state"),
            Map.entry("io.quarry.mockserver.junit.MockServerExtension", "a JUnit extension and its servers"),
            Map.entry("io.quarry.micrometer.DefaultQuarryObservationConvention", "a strategy"),
            Map.entry("io.quarry.micrometer.QuarryCallContext", "an observation's context, filled as the call runs"),
            Map.entry("io.quarry.testcontainers.MockHostFaults", "the faults of a running container's host"));

    private static List<Class<?>> types;

    @BeforeAll
    static void loadThePublicTypes() {
        types = ValueNullsProbe.publicTypes(PublishedModules.all());
    }

    @Test
    void everyTypeWithDataIsAValueOrSaysItComparesByIdentity() {
        assertThat(types).hasSizeGreaterThan(300);
        List<String> broken = new ArrayList<>();
        for (Class<?> type : types) {
            if (type.isRecord() || ofAKindWithoutValues(type) || NOT_VALUES.containsKey(type.getName())) {
                continue;
            }
            boolean value = declaresBelowObject(type, "equals", Object.class)
                    && declaresBelowObject(type, "hashCode")
                    && declaresBelowObject(type, "toString");
            if (BY_IDENTITY.containsKey(type.getName())) {
                if (value) {
                    broken.add(type.getName() + ": listed as compared by identity, but is a value");
                } else if (!javadocOf(type).contains("identity")) {
                    broken.add(type.getName() + ": compares by identity, and its Javadoc does not say so");
                }
            } else if (!value) {
                broken.add(type.getName() + ": no equals, hashCode and toString of its own");
            }
        }
        assertThat(broken).isEmpty();
    }

    @Test
    void aRecordComparesWhatItHolds() {
        // an array component compares by identity inside a record's equals
        List<String> arrays = types.stream()
                .filter(Class::isRecord)
                .flatMap(type -> Arrays.stream(type.getRecordComponents()))
                .filter(component -> component.getType().isArray())
                .map(RecordComponent::toString)
                .toList();
        assertThat(arrays).isEmpty();
    }

    @Test
    void aRecordHoldingAKeyNeverShowsIt() throws ReflectiveOperationException {
        // a key's component is named so; an API key read back holds the key as its value
        Pattern secret = Pattern.compile("(?i)(.*apikey|key|secret|password)|ApiKeyInfo\\.value");
        List<String> checked = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        try (ProbeValues values = new ProbeValues()) {
            for (Class<?> type : types) {
                RecordComponent[] components = type.isRecord() ? type.getRecordComponents() : new RecordComponent[0];
                for (int i = 0; i < components.length; i++) {
                    String name = type.getSimpleName() + "." + components[i].getName();
                    if (components[i].getType() != String.class
                            || !(secret.matcher(components[i].getName()).matches()
                                    || secret.matcher(name).matches())) {
                        continue;
                    }
                    Object[] arguments = new Object[components.length];
                    for (int j = 0; j < components.length; j++) {
                        arguments[j] = j == i ? "probe-secret-1" : values.of(components[j].getType());
                    }
                    Class<?>[] parameterTypes = Arrays.stream(components)
                            .map(RecordComponent::getType)
                            .toArray(Class<?>[]::new);
                    Object made = type.getDeclaredConstructor(parameterTypes).newInstance(arguments);
                    checked.add(name);
                    if (made.toString().contains("probe-secret-1")) {
                        shown.add(name);
                    }
                }
            }
        }
        assertThat(checked).contains("ApiKeyResponse.key", "ApiKeyInfo.value");
        assertThat(shown).isEmpty();
    }

    @Test
    void theIdentityListNamesOnlyPublicTypes() {
        List<String> names = types.stream().map(Class::getName).toList();
        assertThat(names).containsAll(BY_IDENTITY.keySet()).containsAll(NOT_VALUES.keySet());
    }

    /**
     * Kinds that hold no value a test compares: interfaces, annotations, enums, exceptions, handles and resources,
     * builders, observers, the module authors' rails ({@code spi}), the Spring starter's configuration and properties
     * beans, and classes of static members only.
     */
    private static boolean ofAKindWithoutValues(Class<?> type) {
        return type.isInterface()
                || type.isEnum()
                || Throwable.class.isAssignableFrom(type)
                || ScopedHandle.class.isAssignableFrom(type)
                || AutoCloseable.class.isAssignableFrom(type)
                || CallObserver.class.isAssignableFrom(type)
                || type.getPackageName().equals("io.quarry.core.spi")
                || type.getSimpleName().equals("Builder")
                || springConfiguration(type)
                || noInstanceMethods(type);
    }

    /** An auto-configuration, or the properties bean Spring binds (a {@code @ConfigurationProperties} or its parts). */
    private static boolean springConfiguration(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            boolean annotated = Arrays.stream(c.getAnnotations())
                    .map(annotation -> annotation.annotationType().getSimpleName())
                    .anyMatch(name -> name.equals("AutoConfiguration") || name.equals("ConfigurationProperties"));
            if (annotated) {
                return true;
            }
        }
        return false;
    }

    private static boolean noInstanceMethods(Class<?> type) {
        return Arrays.stream(type.getDeclaredMethods())
                .noneMatch(method -> Modifier.isPublic(method.getModifiers())
                        && !Modifier.isStatic(method.getModifiers())
                        && !method.isSynthetic());
    }

    private static boolean declaresBelowObject(Class<?> type, String name, Class<?>... parameters) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            try {
                Method method = c.getDeclaredMethod(name, parameters);
                if (!Modifier.isAbstract(method.getModifiers())) {
                    return true;
                }
            } catch (NoSuchMethodException e) {
                // look in the superclass
            }
        }
        return false;
    }

    /** The source file of the type's top-level class, in the module that compiled it. */
    private static String javadocOf(Class<?> type) {
        Class<?> top = type;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        Path classes;
        try {
            classes = Path.of(
                    top.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        Path source = classes.getParent()
                .getParent()
                .resolve("src/main/java")
                .resolve(top.getName().replace('.', '/') + ".java");
        try {
            return Files.readString(source);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the source of " + type.getName(), e);
        }
    }
}
