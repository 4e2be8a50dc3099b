package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Buffers are shared through a pool, not kept per thread: one given back serves the next borrower on any thread (a
 * virtual thread per task would otherwise fill a buffer of its own for every call), each borrower has its own, and a
 * grown buffer is not kept.
 */
class ScratchBytesTest {

    @Test
    void aBufferGivenBackOnOneThreadServesAnotherThread() throws Exception {
        List<ScratchBytes> drained = drain();
        try {
            ScratchBytes given = ScratchBytes.take();
            given.write(new byte[] {1, 2, 3}, 0, 3);
            given.done();

            AtomicReference<ScratchBytes> taken = new AtomicReference<>();
            Thread other = new Thread(() -> taken.set(ScratchBytes.take()));
            other.start();
            other.join();

            assertThat(taken.get()).isSameAs(given);
            assertThat(taken.get().size()).as("emptied").isZero();
            taken.get().done();
        } finally {
            drained.forEach(ScratchBytes::done);
        }
    }

    @Test
    void borrowersAtOnceEachHaveTheirOwn() {
        ScratchBytes outer = ScratchBytes.take();
        ScratchBytes nested = ScratchBytes.take();
        outer.write(1);
        nested.write(2);

        assertThat(nested).isNotSameAs(outer);
        assertThat(outer.toByteArray()).containsExactly(1);
        assertThat(nested.toByteArray()).containsExactly(2);
        nested.done();
        outer.done();
    }

    @Test
    void aGrownBufferIsNotKeptAndABufferIsGivenBackOnce() {
        List<ScratchBytes> drained = drain();
        try {
            ScratchBytes grown = ScratchBytes.take();
            grown.write(new byte[ScratchBytes.KEPT + 1], 0, ScratchBytes.KEPT + 1);
            grown.done();
            ScratchBytes twice = ScratchBytes.take();
            twice.done();
            twice.done();

            assertThat(ScratchBytes.pooled()).isEqualTo(1);
            assertThat(ScratchBytes.take()).isSameAs(twice);
            assertThat(ScratchBytes.take()).as("a fresh one").isNotSameAs(twice);
        } finally {
            drained.forEach(ScratchBytes::done);
        }
    }

    /** {@return every buffer the pool held, taken out of it} */
    private static List<ScratchBytes> drain() {
        List<ScratchBytes> taken = new ArrayList<>();
        while (ScratchBytes.pooled() > 0) {
            taken.add(ScratchBytes.take());
        }
        return taken;
    }
}
