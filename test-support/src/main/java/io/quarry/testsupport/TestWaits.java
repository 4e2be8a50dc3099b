package io.quarry.testsupport;

import io.quarry.core.WaitPolicy;
import java.time.Duration;

/** Wait policies for tests: the mock server publishes tasks within milliseconds, so polling starts fast. */
public final class TestWaits {

    /** 200 attempts from 5 ms growing by 1.5x up to 100 ms: about 20 s before giving up. */
    public static final WaitPolicy FAST = new WaitPolicy(200, Duration.ofMillis(5), Duration.ofMillis(100), 1.5);

    private TestWaits() {}
}
