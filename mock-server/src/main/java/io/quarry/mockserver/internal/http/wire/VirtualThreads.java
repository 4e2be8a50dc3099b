package io.quarry.mockserver.internal.http.wire;

import java.lang.reflect.Method;
import java.util.concurrent.ThreadFactory;

/**
 * The JDK's virtual threads, reached reflectively because the mock server is compiled for Java 17: present on 21 and
 * newer, absent before.
 */
public final class VirtualThreads {

    private VirtualThreads() {}

    /** {@return whether this JDK has virtual threads} */
    public static boolean available() {
        return factory("probe") != null;
    }

    /**
     * {@return a factory of virtual threads named {@code name}, or {@code null} on a JDK without them}
     *
     * @param name the threads' name
     */
    public static ThreadFactory factory(String name) {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> builderType = Class.forName("java.lang.Thread$Builder");
            builder = builderType.getMethod("name", String.class).invoke(builder, name);
            Method factory = builderType.getMethod("factory");
            return (ThreadFactory) factory.invoke(builder);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
