package io.quarry.mockserver.internal.products.usage;

import io.quarry.mockserver.engine.IndexConfig;
import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.internal.http.Request;
import io.quarry.mockserver.internal.http.Response;
import io.quarry.mockserver.internal.json.Json;
import io.quarry.mockserver.internal.products.RouteMethods;
import io.quarry.mockserver.internal.state.Application;
import io.quarry.mockserver.internal.state.IndexState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /1/usage/{statistic}} and {@code GET /1/usage/{statistic}/{index}}: one series per statistic asked
 * for, a point per hour or day that has data.
 */
final class UsageRoutes implements RouteMethods {

    // The methods answering routes, by the number RouteMethods.answer takes for each.
    static final int APPLICATION = 0;
    static final int INDEX = 1;

    /** Nominal searches per second of one server, against which used capacity is measured. */
    static final int SERVER_CAPACITY_QPS = 1000;

    private final Application app;
    private final UsageRecorder recorder;
    private final String server;
    private final String region;

    UsageRoutes(Application app, UsageRecorder recorder, String server, String region) {
        this.app = app;
        this.recorder = recorder;
        this.server = server;
        this.region = region;
    }

    @Override
    public Response answer(int method, Request request) {
        return switch (method) {
            case APPLICATION -> application(request);
            case INDEX -> index(request);
            default -> throw new IllegalArgumentException("no method " + method);
        };
    }

    Response application(Request request) {
        return answer(request, UsageCatalog.expand(request.path("statistic"), false), null);
    }

    Response index(Request request) {
        return answer(request, UsageCatalog.expand(request.path("statistic"), true), request.path("index"));
    }

    private Response answer(Request request, List<String> statistics, String index) {
        UsageRange range = UsageRange.of(request);
        Map<String, ArrayNode> series = new LinkedHashMap<>();
        long now = app.nowMillis();
        for (long t = range.firstPoint(); t < range.endMillis(); t += range.stepMillis()) {
            long end = t + range.stepMillis();
            boolean current = now >= t && now < end;
            Point point = recorder.read(t, end, buckets -> new Point(buckets, index, current));
            for (String statistic : statistics) {
                JsonNode value = point.value(statistic);
                if (value != null) {
                    ObjectNode item =
                            series.computeIfAbsent(statistic, s -> Json.array()).addObject();
                    item.put("t", t);
                    item.set("v", value);
                }
            }
        }
        ObjectNode body = Json.object();
        series.forEach(body::set);
        return Response.ok(body);
    }

    /** The figures of one point: the hour buckets inside it, for the application or one index. */
    private final class Point {
        private final long seconds;
        private final Map<String, Long> counts = new LinkedHashMap<>();
        private final ProcessingTimes times = new ProcessingTimes(ProcessingTimes.APPLICATION_SAMPLES * 24);
        private final String index;
        private final boolean current;
        private int maxQps;
        private long searches;

        Point(List<HourBucket> buckets, String index, boolean current) {
            this.index = index;
            this.current = current;
            this.seconds = Math.max(1, buckets.size()) * 3600L;
            for (HourBucket bucket : buckets) {
                Map<String, Long> source =
                        index == null ? bucket.counts : bucket.indexCounts.getOrDefault(index, Map.of());
                source.forEach((name, n) -> counts.merge(name, n, Long::sum));
                ProcessingTimes t = index == null ? bucket.times : bucket.indexTimes.get(index);
                if (t != null) {
                    times.addAll(t);
                }
                maxQps = Math.max(maxQps, bucket.maxQps());
                searches += bucket.searches();
            }
        }

        JsonNode value(String statistic) {
            Long count = counts.get(statistic);
            if (count != null) {
                return Json.object().numberNode(count);
            }
            return switch (statistic) {
                case "avg_processing_time" -> searched(times.averageMillis());
                case "90p_processing_time" -> searched(times.percentileMillis(90));
                case "99p_processing_time" -> searched(times.percentileMillis(99));
                case "queries_above_last_ms_processing_time" -> searched(times.slow());
                case "records" -> indices((data, config) -> (long) data.size());
                case "data_size" -> indices((data, config) -> data.dataSize());
                case "file_size" -> indices(UsageRoutes::fileSize);
                case "max_qps" -> perServer(maxQps);
                case "region_max_qps" -> perRegion(maxQps);
                case "total_max_qps" -> total(maxQps);
                case "used_search_capacity" -> perServer(percent(maxQps));
                case "avg_used_search_capacity" -> perServer(percent(searches / (double) seconds));
                case "region_used_search_capacity" -> perRegion(percent(maxQps));
                case "region_avg_used_search_capacity" -> perRegion(percent(searches / (double) seconds));
                case "total_used_search_capacity" -> total(percent(maxQps));
                case "total_avg_used_search_capacity" -> total(percent(searches / (double) seconds));
                // the mock server never degrades queries: zero, for every hour with searches
                case "degraded_queries_ssd_used_queries_impacted",
                        "degraded_queries_ssd_used_seconds_impacted",
                        "degraded_queries_max_capacity_queries_impacted",
                        "degraded_queries_max_capacity_seconds_impacted" -> perServer(0);
                default -> null;
            };
        }

        private JsonNode searched(long value) {
            return times.count() == 0 ? null : Json.object().numberNode(value);
        }

        private JsonNode perServer(long value) {
            return searches == 0 || index != null ? null : Json.object().put(server, value);
        }

        private JsonNode perRegion(long value) {
            return searches == 0 || index != null ? null : Json.object().put(region, value);
        }

        private JsonNode total(long value) {
            return searches == 0 || index != null ? null : Json.object().numberNode(value);
        }

        /**
         * Sizes are read from the indices as they are now, so only the point holding now has them; the
         * application's as of one instant (a move's records in its source or its destination, never both), an
         * index's as of one write.
         */
        private JsonNode indices(BiFunction<IndexData, IndexConfig, Long> measure) {
            if (!current) {
                return null;
            }
            long sum;
            if (index == null) {
                List<Long> sizes = app.readTogether(all -> all, state -> measure.apply(state.data(), state.config()));
                if (sizes.isEmpty()) {
                    return null;
                }
                sum = sizes.stream().mapToLong(Long::longValue).sum();
            } else {
                IndexState state = app.find(index);
                Long size = state == null ? null : state.readUnlessRemoved(measure);
                if (size == null) {
                    return null;
                }
                sum = size;
            }
            return Json.object().numberNode(sum);
        }
    }

    private static long percent(double qps) {
        return Math.min(100, Math.round(qps * 100.0 / SERVER_CAPACITY_QPS));
    }

    private static long fileSize(IndexData data, IndexConfig config) {
        long metadata = Json.bytes(config.settings()).length;
        for (JsonNode synonym : config.synonyms()) {
            metadata += Json.bytes(synonym).length;
        }
        for (JsonNode rule : config.rules()) {
            metadata += Json.bytes(rule).length;
        }
        return data.dataSize() + metadata;
    }
}
