package io.quarry.mockserver;

/** The wire's conformance over plain HTTP (see {@link WireConformance}). */
class WireConformanceHttpTest extends WireConformance {

    WireConformanceHttpTest() {
        super(Scheme.HTTP);
    }
}
