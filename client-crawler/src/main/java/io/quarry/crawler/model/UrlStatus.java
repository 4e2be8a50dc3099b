package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.quarry.core.NamedValue;
import io.quarry.core.spi.KnownNames;

/**
 * What became of crawled URLs. The known values are constants; other names the service may send are kept as read
 * ({@link #of(String)}).
 */
public final class UrlStatus extends NamedValue {

    private static final KnownNames<UrlStatus> KNOWN = new KnownNames<>(UrlStatus::new);

    /** A record was extracted. */
    public static final UrlStatus DONE = KNOWN.add("DONE");
    /** Not crawled or not extracted, by configuration. */
    public static final UrlStatus SKIPPED = KNOWN.add("SKIPPED");
    /** The fetch or the extraction failed. */
    public static final UrlStatus FAILED = KNOWN.add("FAILED");

    private UrlStatus(String name) {
        super(name);
    }

    /**
     * The status of a name, known or not.
     *
     * @param name the service's name, such as {@code DONE}
     * @return the status
     */
    @JsonCreator
    public static UrlStatus of(String name) {
        return KNOWN.of(name);
    }
}
