package io.quarry.core.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarry.core.testing.Eventually;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The watcher cancels a try whose limit passed, in every client's map, and leaves the others alone. */
@Timeout(30)
class AttemptLimitsTest {

    private final OkHttpClient http = new OkHttpClient();

    private Call call() {
        return http.newCall(new Request.Builder().url("http://127.0.0.1:9/").build());
    }

    @Test
    void aTryPastItsLimitIsCancelledAndMarkedInEachOfTwoEmptyLookingClients() throws InterruptedException {
        // two clients' maps, both empty when registered (equal maps: each must still be watched)
        Map<Call, AttemptTag> first = new ConcurrentHashMap<>();
        Map<Call, AttemptTag> second = new ConcurrentHashMap<>();
        AttemptLimits.watch(first);
        AttemptLimits.watch(second);
        try {
            Call late = call();
            Call patient = call();
            AttemptTag lateTag = tag(TimeUnit.MILLISECONDS.toNanos(200));
            AttemptTag patientTag = tag(TimeUnit.SECONDS.toNanos(60));
            second.put(late, lateTag);
            first.put(patient, patientTag);
            patientTag.startLimit();
            lateTag.startLimit();

            Eventually.waitUntil("the watcher to cancel the call past its limit", late::isCanceled);
            assertThat(late.isCanceled()).isTrue();
            assertThat(lateTag.limitReached()).isTrue();
            assertThat(patient.isCanceled()).isFalse();
            assertThat(patientTag.limitReached()).isFalse();
        } finally {
            AttemptLimits.forget(first);
            AttemptLimits.forget(second);
        }
    }

    @Test
    void aTryWhoseLimitNeverStartedIsLeftAlone() throws InterruptedException {
        Map<Call, AttemptTag> inFlight = new ConcurrentHashMap<>();
        AttemptLimits.watch(inFlight);
        try {
            Call queued = call();
            AttemptTag tag = tag(1);
            inFlight.put(queued, tag);
            // a started try wakes the watcher; the queued one has a limit but has not started it
            AttemptTag other = tag(TimeUnit.MILLISECONDS.toNanos(50));
            Call started = call();
            inFlight.put(started, other);
            other.startLimit();
            Eventually.waitUntil("the watcher to cancel the started call", started::isCanceled);
            assertThat(started.isCanceled()).isTrue();
            assertThat(queued.isCanceled()).isFalse();
            assertThat(tag.deadline()).isEqualTo(AttemptTag.NOT_STARTED);
        } finally {
            AttemptLimits.forget(inFlight);
        }
    }

    @Test
    void aClientDroppedWithoutCloseIsNotKeptByTheWatcher() throws InterruptedException {
        System.gc(); // clients earlier tests dropped are collected now, not while this one is awaited
        int before = AttemptLimits.watchedClients();
        AttemptLimits.watch(new ConcurrentHashMap<>());
        assertThat(AttemptLimits.watchedClients()).isEqualTo(before + 1);
        // each check asks for a collection: the watcher holds the map weakly, so one clears it
        Eventually.waitUntil("the dropped client's calls to be collected", () -> {
            System.gc();
            return AttemptLimits.watchedClients() <= before;
        });
        assertThat(AttemptLimits.watchedClients()).isEqualTo(before);
    }

    private static AttemptTag tag(long limitNanos) {
        AttemptTag tag = new AttemptTag(java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(1));
        tag.limit(limitNanos);
        return tag;
    }
}
