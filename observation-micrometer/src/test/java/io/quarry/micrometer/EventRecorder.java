package io.quarry.micrometer;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Records every observation event as {@code name|contextual name}, in order, from any thread. */
final class EventRecorder implements ObservationHandler<Observation.Context> {

    private final List<String> events = new CopyOnWriteArrayList<>();

    /** {@return the events recorded so far} */
    List<String> events() {
        return events;
    }

    @Override
    public void onEvent(Observation.Event event, Observation.Context context) {
        events.add(event.getName() + "|" + event.getContextualName());
    }

    @Override
    public boolean supportsContext(Observation.Context context) {
        return true;
    }
}
