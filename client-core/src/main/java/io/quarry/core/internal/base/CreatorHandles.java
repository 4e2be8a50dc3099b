package io.quarry.core.internal.base;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.introspect.AnnotatedWithParams;
import tools.jackson.databind.module.SimpleModule;

/**
 * Creates the objects Jackson builds through a constructor or factory with arguments (Java records, classes with a
 * {@code @JsonCreator}) with one prepared method handle per type.
 *
 * <p>Why: Jackson 3 calls such a creator with {@code MethodHandle.invokeWithArguments}, which adapts the handle to
 * the argument array on every call. A search response of 20 record hits spent about a tenth of its decoding time
 * and 4 KB of garbage there; the handle prepared here (spread over an {@code Object[]}, returning {@code Object})
 * is called with {@code invokeExact}. Everything else, errors included, stays Jackson's (but for a creator's
 * {@code NullPointerException}, whose message is made to name the members holding nulls): only an instantiator of
 * Jackson's own standard class is taken over (a module's own instantiator, such as Kotlin's, is left alone), and a
 * creator this class cannot reach (a type its module does not open) keeps Jackson's call.
 */
public final class CreatorHandles implements ValueInstantiators {

    private CreatorHandles() {}

    /** {@return the module that registers the handles with a mapper} */
    public static JacksonModule module() {
        return new SimpleModule("quarry-creator-handles") {
            @Override
            public void setupModule(SetupContext context) {
                super.setupModule(context);
                context.addValueInstantiators(new CreatorHandles());
            }
        };
    }

    @Override
    public ValueInstantiator findValueInstantiator(DeserializationConfig config, BeanDescription.Supplier type) {
        return null; // Jackson finds the instantiator; it is only adapted below
    }

    @Override
    public ValueInstantiator modifyValueInstantiator(
            DeserializationConfig config, BeanDescription.Supplier type, ValueInstantiator found) {
        if (found.getClass() != StdValueInstantiator.class || !found.canCreateFromObjectWith()) {
            return found;
        }
        StdValueInstantiator standard = (StdValueInstantiator) found;
        MethodHandle handle = spreadHandleOf(standard.getWithArgsCreator());
        return handle == null ? found : new Instantiator(standard, handle);
    }

    /**
     * The creator as a handle taking its arguments as one {@code Object[]}, or null when it cannot be had.
     *
     * @param creator Jackson's creator with arguments
     * @return {@code (Object[]) -> Object}, or null
     */
    static MethodHandle spreadHandleOf(AnnotatedWithParams creator) {
        if (creator == null) {
            return null;
        }
        Member member = creator.getMember();
        try {
            MethodHandle handle;
            int arity;
            if (member instanceof Constructor<?> constructor) {
                handle = MethodHandles.lookup().unreflectConstructor(constructor);
                arity = constructor.getParameterCount();
            } else if (member instanceof Method method && Modifier.isStatic(method.getModifiers())) {
                handle = MethodHandles.lookup().unreflect(method);
                arity = method.getParameterCount();
            } else {
                return null;
            }
            // fixed arity: a varargs creator receives its array as Jackson read it, as with Jackson's own call
            return handle.asFixedArity()
                    .asSpreader(Object[].class, arity)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (IllegalAccessException | RuntimeException notAccessible) {
            // Jackson has made a non-public creator accessible where it may; where it may not (a module that does
            // not open the type), Jackson's own call stays
            return null;
        }
    }

    /** Jackson's standard instantiator, calling its creator with arguments through the prepared handle. */
    private static final class Instantiator extends StdValueInstantiator {

        private final MethodHandle creator;

        Instantiator(StdValueInstantiator standard, MethodHandle creator) {
            super(standard);
            this.creator = creator;
        }

        @Override
        public Object createFromObjectWith(DeserializationContext ctxt, Object[] args) throws JacksonException {
            try {
                return (Object) creator.invokeExact(args);
            } catch (Error e) {
                throw e;
            } catch (Throwable e) {
                // as Jackson's own call reports a creator's failure, a NullPointerException's naming the members
                Throwable reported = e instanceof NullPointerException npe ? namingNulls(npe, args) : e;
                return ctxt.handleInstantiationProblem(_valueClass, args, rewrapCtorProblem(ctxt, reported));
            }
        }

        /**
         * A creator's {@link NullPointerException} (a {@code List.copyOf} of a list holding a null, most often) told
         * with the members it most likely came from, which its own message never names: those holding a null item or
         * value, or else those read as null.
         */
        private Throwable namingNulls(NullPointerException npe, Object[] args) {
            if (_constructorArguments == null || _constructorArguments.length != args.length) {
                return npe;
            }
            List<String> holdingNulls = new ArrayList<>();
            List<String> nulls = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                String name = _constructorArguments[i].getName();
                if (args[i] == null) {
                    nulls.add(name);
                } else if (holdsNull(args[i])) {
                    holdingNulls.add(name);
                }
            }
            String detail = !holdingNulls.isEmpty()
                    ? "a null item or value in " + String.join(", ", holdingNulls)
                    : !nulls.isEmpty() ? "null or missing: " + String.join(", ", nulls) : null;
            if (detail == null) {
                return npe;
            }
            NullPointerException named = new NullPointerException(detail);
            named.initCause(npe);
            return named;
        }

        private static boolean holdsNull(Object value) {
            if (value instanceof Collection<?> items) {
                return items.stream().anyMatch(Objects::isNull);
            }
            if (value instanceof Map<?, ?> map) {
                return map.values().stream().anyMatch(Objects::isNull);
            }
            return false;
        }
    }
}
