package io.quarry.search;

import io.quarry.core.spi.CallDescription;
import io.quarry.core.spi.CallEnd;
import io.quarry.core.spi.CallObserver;
import io.quarry.core.spi.ObservedCall;
import io.quarry.core.spi.RoundStart;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the rounds started after a first one failed, over every call of a client: a test waits on it. */
final class RoundCounter implements CallObserver {

    private final AtomicInteger rounds = new AtomicInteger();

    /** {@return how many rounds after a first one have started so far} */
    int rounds() {
        return rounds.get();
    }

    @Override
    public ObservedCall callStarted(CallDescription call) {
        return new ObservedCall() {
            @Override
            public void roundStarted(RoundStart round) {
                rounds.incrementAndGet();
            }

            @Override
            public void callEnded(CallEnd end) {}
        };
    }
}
