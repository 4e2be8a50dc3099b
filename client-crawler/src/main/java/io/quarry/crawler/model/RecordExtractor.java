package io.quarry.crawler.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How an action turns a page into records: a function given as JavaScript source, run by the service.
 *
 * @param type the extractor kind ({@code function})
 * @param source the function's source
 */
public record RecordExtractor(@JsonProperty("__type") String type, String source) {

    /**
     * A function extractor.
     *
     * @param source the JavaScript source of the function
     * @return the extractor
     */
    public static RecordExtractor function(String source) {
        return new RecordExtractor("function", Objects.requireNonNull(source, "source"));
    }

    /** {@return its JSON form as a configuration read from the service holds it: the members set} */
    Map<String, Object> members() {
        Map<String, Object> members = new LinkedHashMap<>();
        if (type != null) {
            members.put("__type", type);
        }
        if (source != null) {
            members.put("source", source);
        }
        return members;
    }
}
