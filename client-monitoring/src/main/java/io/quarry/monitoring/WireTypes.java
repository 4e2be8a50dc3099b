package io.quarry.monitoring;

import io.quarry.core.TypeRef;
import io.quarry.monitoring.model.TimePoint;
import java.util.List;
import java.util.Map;

/** The shapes of the metric answers, {@code {"metrics": {<name>: ...}}}, unwrapped by the client. */
final class WireTypes {

    /** {@code {"metrics": {name: {server: [points]}}}}. */
    static final TypeRef<Map<String, Map<String, Map<String, List<TimePoint>>>>> SERVER_SERIES = new TypeRef<>() {};

    /** {@code {"metrics": {name: {server: {probe: [points]}}}}}. */
    static final TypeRef<Map<String, Map<String, Map<String, Map<String, List<TimePoint>>>>>> PROBE_SERIES =
            new TypeRef<>() {};

    private WireTypes() {}

    /** {@return the member {@code name} of the answer's {@code metrics} object, or {@code null} when absent} */
    static <V> V metric(Map<String, Map<String, V>> answer, String name) {
        Map<String, V> metrics = answer == null ? null : answer.get("metrics");
        return metrics == null ? null : metrics.get(name);
    }
}
