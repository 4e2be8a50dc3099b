package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two borrowers never take the same array: held where each has found it, both having read the one slot before either
 * takes it (the interleaving in which a borrow that reads then clears the slot hands the array out twice), one of them
 * gets it and the other none.
 */
class ChunkPoolTest {

    @Test
    void twoBorrowersThatFoundTheSameArrayDoNotBothTakeIt() throws Exception {
        CountDownLatch bothFoundIt = new CountDownLatch(2);
        ChunkPool pool = new ChunkPool(1, slot -> {
            bothFoundIt.countDown();
            try {
                // a hang guard: the other borrower comes at once
                assertThat(bothFoundIt.await(60, TimeUnit.SECONDS))
                        .as("the other borrower found it")
                        .isTrue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        byte[] only = new byte[16];
        pool.giveBack(only, 0);

        List<FutureTask<byte[]>> borrows = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            FutureTask<byte[]> borrow = new FutureTask<>(() -> pool.borrow(0));
            borrows.add(borrow);
            new Thread(borrow, "chunk-pool-borrower-" + i).start();
        }
        List<byte[]> taken = new ArrayList<>();
        for (FutureTask<byte[]> borrow : borrows) {
            byte[] chunk = borrow.get(60, TimeUnit.SECONDS);
            if (chunk != null) {
                taken.add(chunk);
            }
        }

        assertThat(taken).as("arrays handed out").hasSize(1);
        assertThat(taken.get(0)).isSameAs(only);
        assertThat(pool.held()).isZero();
    }

    @Test
    void aFullPoolLeavesAnArrayGivenBackToTheCollector() {
        ChunkPool pool = new ChunkPool(2);
        byte[] first = new byte[1];
        byte[] second = new byte[1];
        pool.giveBack(first, 0);
        pool.giveBack(second, 0);
        pool.giveBack(new byte[1], 1);

        assertThat(pool.held()).isEqualTo(2);
        List<byte[]> borrowed = List.of(pool.borrow(1), pool.borrow(1));
        assertThat(borrowed).containsExactlyInAnyOrder(first, second);
        assertThat(pool.borrow(0)).isNull();
    }

    @Test
    void aSizeThatIsNoPowerOfTwoIsRefused() {
        assertThatThrownBy(() -> new ChunkPool(3)).isInstanceOf(IllegalArgumentException.class);
    }
}
