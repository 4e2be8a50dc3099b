package io.quarry.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.RequestOptions;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Every API call of the client and its area handles comes in its four forms. */
class FourFormsTest {

    private static final List<Class<?>> HANDLES = List.of(SearchClient.class, SearchIndex.class,
            IndexSynonyms.class, IndexRules.class, KeyManagement.class, IndexApiKeys.class, ApiKeys.class,
            Dictionaries.class, Clusters.class);

    @Test
    void everyCallWithOptionsHasItsOtherThreeForms() {
        List<String> missing = new ArrayList<>();
        int calls = 0;
        for (Class<?> handle : HANDLES) {
            for (Method method : handle.getDeclaredMethods()) {
                Class<?>[] params = method.getParameterTypes();
                if (!Modifier.isPublic(method.getModifiers()) || method.getName().endsWith("Async")
                        || params.length == 0 || params[params.length - 1] != RequestOptions.class) {
                    continue;
                }
                calls++;
                Class<?>[] withoutOptions = Arrays.copyOf(params, params.length - 1);
                check(handle, method.getName(), withoutOptions, false, missing);
                check(handle, method.getName() + "Async", params, true, missing);
                check(handle, method.getName() + "Async", withoutOptions, true, missing);
            }
        }
        assertThat(missing).isEmpty();
        // the key calls that ApiKeys and IndexApiKeys share are declared once, on KeyManagement
        assertThat(calls).isGreaterThanOrEqualTo(61);
    }

    private static void check(Class<?> handle, String name, Class<?>[] params, boolean async, List<String> missing) {
        try {
            Method form = handle.getMethod(name, params);
            if (async && form.getReturnType() != CompletableFuture.class) {
                missing.add(handle.getSimpleName() + "." + name + " does not return a CompletableFuture");
            }
        } catch (NoSuchMethodException e) {
            missing.add(handle.getSimpleName() + "." + name + Arrays.toString(params));
        }
    }
}
