package io.quarry.mockserver.internal.startup;

/**
 * Spares the mock server's first start the JVM's management server. Jetty's {@code MemoryUtils}, initialised with
 * the first {@code QueuedThreadPool}, reads how many object references fill a cache line unless the system property
 * {@value #PROPERTY} says: it asks the platform MBean server whether compressed oops are on, which loads and
 * registers every platform MBean (some 250 classes, a sizeable share of a fresh JVM's start). This sets that
 * property, when nothing has, to the value Jetty would compute (the cache line's bytes over the size of a reference),
 * the size read from the JVM's own layout of object arrays. Jetty's HTTP server does not use the value; only the
 * MBean server's start is saved.
 */
public final class JettyCacheLines {

    /** Jetty's property: object references per cache line. */
    static final String PROPERTY = "org.eclipse.jetty.util.referencesPerCacheLine";
    /** Jetty's property: bytes per cache line, 64 unless set. */
    static final String LINE_BYTES = "org.eclipse.jetty.util.cacheLineBytes";

    private JettyCacheLines() {}

    /** Sets {@value #PROPERTY} unless it is set, or the reference size cannot be read (Jetty then asks JMX). */
    public static void preset() {
        try {
            if (System.getProperty(PROPERTY) != null) {
                return;
            }
            int referenceBytes = referenceBytes();
            if (referenceBytes > 0) {
                int lineBytes = Integer.parseInt(System.getProperty(LINE_BYTES, "64"));
                System.setProperty(PROPERTY, Integer.toString(lineBytes / referenceBytes));
            }
        } catch (RuntimeException e) {
            // a security manager, an odd value: Jetty works it out itself
        }
    }

    /**
     * {@return the bytes of one object reference in an array (4 with compressed oops, else 8), or 0 if unknown}
     * Read reflectively from {@code sun.misc.Unsafe}'s public constant, which the JDK exports for this.
     */
    static int referenceBytes() {
        try {
            return Class.forName("sun.misc.Unsafe")
                    .getField("ARRAY_OBJECT_INDEX_SCALE")
                    .getInt(null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return 0;
        }
    }
}
