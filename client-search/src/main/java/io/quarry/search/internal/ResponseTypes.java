package io.quarry.search.internal;

import io.quarry.core.TypeRef;
import io.quarry.search.model.SearchResponse;

/**
 * The generic response types a record type decodes through, built once per record class so each call passes the
 * same type (and finds the SDK's cached reader for it) instead of building a new one.
 */
public final class ResponseTypes {

    private static final ClassValue<TypeRef<?>> SEARCH = typeOf(SearchResponse.class);

    private ResponseTypes() {}

    /**
     * A search or browse response over a record type.
     *
     * @param record the record type
     * @param <T>    the record type
     * @return {@code SearchResponse<T>}
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeRef<SearchResponse<T>> search(Class<T> record) {
        return (TypeRef<SearchResponse<T>>) SEARCH.get(record);
    }

    /**
     * A multi-index search response over a record type; its entries may be facet searches.
     *
     * @param record the record type
     * @param <T>    the record type
     * @return {@code MultiSearchJson<T>}
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeRef<MultiSearchJson<T>> multiSearch(Class<T> record) {
        return (TypeRef<MultiSearchJson<T>>) MultiSearch.TYPES.get(record);
    }

    /**
     * A get-objects response over a record type.
     *
     * @param record the record type
     * @param <T>    the record type
     * @return {@code GetObjectsJson<T>}
     */
    @SuppressWarnings("unchecked")
    public static <T> TypeRef<GetObjectsJson<T>> getObjects(Class<T> record) {
        return (TypeRef<GetObjectsJson<T>>) GetObjects.TYPES.get(record);
    }

    // the other generic types in holders: a class literal loads its class, which a first search does not need

    private static final class MultiSearch {
        static final ClassValue<TypeRef<?>> TYPES = typeOf(MultiSearchJson.class);
    }

    private static final class GetObjects {
        static final ClassValue<TypeRef<?>> TYPES = typeOf(GetObjectsJson.class);
    }

    private static ClassValue<TypeRef<?>> typeOf(Class<?> generic) {
        return new ClassValue<>() {
            @Override
            protected TypeRef<?> computeValue(Class<?> record) {
                return TypeRef.parameterized(generic, record);
            }
        };
    }
}
