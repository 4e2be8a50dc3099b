package io.quarry.apifixture;

/**
 * A superclass callers cannot name: its public methods are listed under each public subclass, in that subclass's
 * own type ({@code Handle.Options timeout(long)}).
 *
 * @param <S> the subclass
 */
abstract class Settings<S extends Settings<S>> {

    private long timeout;

    /**
     * Sets the timeout.
     *
     * @param millis the timeout
     * @return this
     */
    public S timeout(long millis) {
        timeout = millis;
        return self();
    }

    /**
     * The timeout.
     *
     * @return the timeout
     */
    public long timeout() {
        return timeout;
    }

    @SuppressWarnings("unchecked")
    private S self() {
        return (S) this;
    }
}
