package io.quarry.spring.test;

/**
 * One test class at a time on a server that Spring's context cache shares between classes. With JUnit's parallel
 * execution two such classes would otherwise run at once on one server, each one's resets and faults landing in the
 * middle of the other's tests. A class (with its {@code @Nested} classes) takes the turn as it starts and gives it
 * back as it ends; a class that comes meanwhile waits. Classes with other settings have servers, and turns, of their
 * own.
 */
final class MockServerTurns {

    private Object holder;
    private int holds;
    private int waiting;

    /**
     * Waits until no other class holds the turn, then takes it; a holder takes it again (its nested classes).
     *
     * @param owner the top-level test class
     * @throws InterruptedException if the thread is interrupted while it waits
     */
    synchronized void take(Object owner) throws InterruptedException {
        waiting++;
        try {
            while (holder != null && holder != owner) {
                wait();
            }
        } finally {
            waiting--;
        }
        holder = owner;
        holds++;
    }

    /**
     * Gives back one take of the turn; the last lets a waiting class in.
     *
     * @param owner the top-level test class that took it
     */
    synchronized void give(Object owner) {
        if (holder == owner && --holds == 0) {
            holder = null;
            notifyAll();
        }
    }

    /** {@return how many classes wait for the turn} */
    synchronized int waiting() {
        return waiting;
    }
}
