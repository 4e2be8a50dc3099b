package io.quarry.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * What a Quarry call observation carries. The low-cardinality keys go on the timer and, the first three, on the
 * event counters; the high-cardinality ones only on the span.
 */
public enum QuarryObservationDocumentation implements ObservationDocumentation {

    /** One call of a Quarry client: a single request with its tries, or a composite call such as a chunked write. */
    CALL {
        @Override
        public Class<? extends ObservationConvention<? extends Observation.Context>> getDefaultConvention() {
            return DefaultQuarryObservationConvention.class;
        }

        @Override
        public KeyName[] getLowCardinalityKeyNames() {
            return LowCardinalityKeys.values();
        }

        @Override
        public KeyName[] getHighCardinalityKeyNames() {
            return HighCardinalityKeys.values();
        }

        @Override
        public Observation.Event[] getEvents() {
            return Events.values();
        }
    };

    /** Keys on the timer (all) and the event counters (product, operation, method). */
    public enum LowCardinalityKeys implements KeyName {
        /** The API family: {@code search}, {@code analytics}... */
        PRODUCT {
            @Override
            public String asString() {
                return "quarry.product";
            }
        },
        /** The operation, named after the public method: {@code search}, {@code saveObjects}... */
        OPERATION {
            @Override
            public String asString() {
                return "quarry.operation";
            }
        },
        /** The HTTP method, {@code none} for a composite call. */
        METHOD {
            @Override
            public String asString() {
                return "http.request.method";
            }
        },
        /** {@code SUCCESS}, {@code FAILURE} or {@code CANCELLED}. */
        OUTCOME {
            @Override
            public String asString() {
                return "quarry.outcome";
            }
        },
        /** The class of the status that ended the call: {@code 2xx}, {@code 4xx}, {@code 5xx}, or {@code none}. */
        STATUS_CLASS {
            @Override
            public String asString() {
                return "quarry.status_class";
            }
        }
    }

    /** Keys on the span only. */
    public enum HighCardinalityKeys implements KeyName {
        /** The endpoint's path template. */
        URL_TEMPLATE {
            @Override
            public String asString() {
                return "url.template";
            }
        },
        /** The path sent, key segments masked; cut to 1,024 characters, ending with {@code ...}. */
        URL_PATH {
            @Override
            public String asString() {
                return "url.path";
            }
        },
        /** The index the call is about; cut to 1,024 characters, ending with {@code ...}. */
        INDEX {
            @Override
            public String asString() {
                return "quarry.index";
            }
        },
        /** The host of the last try. */
        SERVER_ADDRESS {
            @Override
            public String asString() {
                return "server.address";
            }
        },
        /** The port of the last try's host. */
        SERVER_PORT {
            @Override
            public String asString() {
                return "server.port";
            }
        },
        /** The HTTP status that ended the call. */
        STATUS_CODE {
            @Override
            public String asString() {
                return "http.response.status_code";
            }
        },
        /** How many tries the call made. */
        TRIES {
            @Override
            public String asString() {
                return "quarry.tries";
            }
        },
        /** The request ID the service answered the last try with; cut to 1,024 characters. */
        REQUEST_ID {
            @Override
            public String asString() {
                return "quarry.request_id";
            }
        }
    }

    /** Events of a call; each also counts in a counter named after the observation and the event. */
    public enum Events implements Observation.Event {
        /** A try after the first, on any host: counter {@code quarry.client.call.retries}. */
        RETRIES {
            @Override
            public String getName() {
                return "retries";
            }
        },
        /** A try on another host than the try before: counter {@code quarry.client.call.failovers}. */
        FAILOVERS {
            @Override
            public String getName() {
                return "failovers";
            }
        },
        /** A try after which its host is marked down: counter {@code quarry.client.call.hosts.down}. */
        HOSTS_DOWN {
            @Override
            public String getName() {
                return "hosts.down";
            }
        },
        /**
         * A new round of tries after every host failed the last one (see {@link io.quarry.core.RetryRounds}), with
         * its number and wait: counter {@code quarry.client.call.rounds}.
         */
        ROUNDS {
            @Override
            public String getName() {
                return "rounds";
            }
        }
    }
}
