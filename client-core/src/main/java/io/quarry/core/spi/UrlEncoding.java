package io.quarry.core.spi;

import io.quarry.core.InvalidRequestException;
import io.quarry.core.internal.base.PercentEncoding;
import java.util.Objects;

/** Percent-encoding for text a module builds into a URL-style string itself (search parameters, key restrictions). */
public final class UrlEncoding {

    private UrlEncoding() {}

    /**
     * Percent-encodes text as UTF-8, keeping only the unreserved characters of RFC 3986 ({@code A-Z a-z 0-9 - . _ ~}).
     *
     * @param text the text
     * @return the encoded text
     * @throws InvalidRequestException if the text has a surrogate without its pair: it has no UTF-8 form (Java's
     *     encoder would send {@code ?} in its place, another text than the caller's)
     */
    public static String percentEncode(String text) {
        int unpaired = PercentEncoding.unpairedSurrogateAt(Objects.requireNonNull(text, "text"));
        if (unpaired >= 0) {
            throw new InvalidRequestException("text to percent-encode has an unpaired UTF-16 surrogate at index "
                    + unpaired + ", which has no UTF-8 form");
        }
        return PercentEncoding.encodeWellFormed(text);
    }
}
