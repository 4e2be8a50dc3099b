package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Objects;

/**
 * What became of crawled URLs. The known values are constants; other names the service may send are kept as read.
 *
 * @param name the service's name of the status
 */
public record UrlStatus(String name) {

    /** A record was extracted. */
    public static final UrlStatus DONE = new UrlStatus("DONE");
    /** Not crawled or not extracted, by configuration. */
    public static final UrlStatus SKIPPED = new UrlStatus("SKIPPED");
    /** The fetch or the extraction failed. */
    public static final UrlStatus FAILED = new UrlStatus("FAILED");

    /**
     * Names must not be null.
     *
     * @param name see the record description
     */
    public UrlStatus {
        Objects.requireNonNull(name, "name");
    }

    /**
     * {@return the status}
     *
     * @param name the service's name
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public static UrlStatus of(String name) {
        return new UrlStatus(name);
    }

    /** {@return the service's name of the status, as sent} */
    @JsonValue
    @Override
    public String name() {
        return name;
    }
}
