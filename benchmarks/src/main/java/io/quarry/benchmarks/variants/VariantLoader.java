package io.quarry.benchmarks.variants;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One build of the SDK in a class loader of its own, over the platform loader: its own copies of OkHttp, Jackson
 * and the benchmark's workload too, so the two variants of a pair share no class, no static state and no JIT
 * profile, as two processes would, while the rounds alternate in one JVM on the same warm machine.
 */
final class VariantLoader implements AutoCloseable {

    private final String slot;
    private final String name;
    private final String classPath;
    private final URLClassLoader loader;

    /**
     * @param slot      {@code A} or {@code B}
     * @param name      the variant's name, as printed
     * @param classPath its class path: the variant's jars first, then {@code benchmarks.jar} for everything else
     */
    VariantLoader(String slot, String name, String classPath) {
        this.slot = slot;
        this.name = name;
        this.classPath = classPath;
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            try {
                urls.add(new File(entry).toURI().toURL());
            } catch (MalformedURLException e) {
                throw new IllegalArgumentException("not a class path entry: " + entry, e);
            }
        }
        this.loader =
                new URLClassLoader("variant-" + name, urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
    }

    /** {@return {@code A} or {@code B}} */
    String slot() {
        return slot;
    }

    /** {@return the variant's name} */
    String name() {
        return name;
    }

    /** {@return the class path it was loaded from (for a child JVM's cold start)} */
    String classPath() {
        return classPath;
    }

    /**
     * Opens the variant's workload ({@link VariantWorkload#open}) inside its loader.
     *
     * @param url      the canned server's URL
     * @param observer the observer to install
     * @param kind     the client kind ({@link VariantWorkload#open})
     * @return the calls, typed by the JDK's interfaces
     */
    @SuppressWarnings("unchecked")
    Map<String, Object> openWorkload(String url, String observer, String kind) {
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        Thread.currentThread().setContextClassLoader(loader);
        try {
            Class<?> workload = Class.forName(VariantWorkload.class.getName(), true, loader);
            return (Map<String, Object>) workload.getMethod("open", String.class, String.class, String.class)
                    .invoke(null, url, observer, kind);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("variant " + name + " cannot open its workload", e);
        } finally {
            Thread.currentThread().setContextClassLoader(previous);
        }
    }

    @Override
    public void close() throws java.io.IOException {
        loader.close();
    }
}
