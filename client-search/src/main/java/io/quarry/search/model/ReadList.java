package io.quarry.search.model;

import java.util.ArrayList;

/**
 * A list Jackson fills while reading an answer, for a record component that names it
 * ({@code @JsonDeserialize(as = ReadList.class)}). No code but the record it is handed to ever holds it, so
 * {@link Copies#list} wraps it instead of copying it: a batch's 1,000 objectIDs copied again cost every chunked write
 * 4 KB (2.3% of its bytes).
 *
 * @param <T> the items' type
 */
final class ReadList<T> extends ArrayList<T> {

    private static final long serialVersionUID = 1L;

    /** Jackson's way in. */
    ReadList() {}
}
