package io.quarry.core;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * A write helper that sends many records as several requests (chunks) stopped before its end: a chunk failed,
 * reading the next records from the caller's source failed, or the write was abandoned (cancelled, interrupted,
 * or its listener threw); {@link #reason()} says which and the cause is that failure. The helper sent no new
 * chunk after it, let the chunks already in flight finish, and reports which were acknowledged and which were
 * not, so nothing is lost silently. The failures of other chunks are suppressed exceptions of this one.
 *
 * <p>Records are numbered from 0 in the order of the input; chunk {@code i} holds consecutive records. An
 * acknowledged chunk was accepted by the service (its task may still be running unless the helper was asked to
 * wait). A chunk not acknowledged may or may not have been applied, as its cause says (for example a
 * {@link WriteOutcomeUnknownException}). Records from {@link #firstUnsentRecord()} on were never applied, nor sent
 * but for a streamed chunk cut off before its end (see {@link Reason#SOURCE_FAILED}): a write can resume from there.
 */
public final class PartialWriteException extends QuarryException {

    private static final long serialVersionUID = 1L;

    /** How many not-acknowledged chunks the message lists one by one. */
    private static final int LISTED = 10;

    /** Why a write stopped before its end. */
    public enum Reason {
        /**
         * A chunk failed (after the client's retries); the cause is its failure. It is among the chunks not
         * acknowledged, which may or may not have been applied; but when the cause is an
         * {@link InvalidRequestException} naming a record refused as its chunk's body was streamed (a body too large
         * to be serialised ahead, over 1 MB), its chunk was cut off before its end and not applied: it is reported
         * this way, rather than as {@link #SOURCE_FAILED}, because a later chunk was already sent. Reporting it
         * exactly would take holding every later chunk until a streamed body is written whole (large chunks then
         * uploaded one at a time, whatever the chunks in flight) or serialising the body ahead (its bytes held in
         * memory); chunks are sent as soon as they may be instead. Only a record whose objectID is known only as it
         * is written can be refused this way: a map's, a free-form record's, and a typed record's that its class
         * writes as a {@code String} property are judged before their chunk is sent.
         */
        CHUNK_FAILED,
        /**
         * Reading the next records from the caller's source threw, or a record of it was refused before its chunk
         * could be applied (one the service would refuse, or one that cannot be serialised); the cause is what was
         * thrown. That record's chunk is not among {@link #chunks()}, its records count from
         * {@link #firstUnsentRecord()} on, and nothing of it was applied. Usually nothing of it was sent either; a
         * chunk whose body was streamed (too large to be serialised ahead, over 1 MB) may have been sent in part,
         * cut off before its end, which the service does not apply.
         */
        SOURCE_FAILED,
        /**
         * The write was given up: its future was cancelled, the waiting thread was interrupted, or the caller's
         * listener threw (the cause).
         */
        ABANDONED
    }

    private final transient List<Chunk> chunks;
    /** Why the write stopped. */
    private final Reason reason;
    /** How many records the input held, or -1 when not known. */
    private final long totalRecords;

    /** The position of the first record never sent. */
    private final long firstUnsentRecord;

    /**
     * One chunk that was sent.
     *
     * @param index       its position among the chunks, from 0
     * @param firstRecord the position of its first record in the input, from 0
     * @param recordCount how many records it holds
     * @param taskID      the task the service gave it when acknowledged; empty when not acknowledged
     */
    public record Chunk(int index, long firstRecord, int recordCount, OptionalLong taskID) {

        /**
         * Checks the components.
         *
         * @param index       its position among the chunks, from 0
         * @param firstRecord the position of its first record in the input, from 0
         * @param recordCount how many records it holds
         * @param taskID      the task the service gave it when acknowledged; empty when not acknowledged
         */
        public Chunk {
            Objects.requireNonNull(taskID, "taskID");
        }

        /**
         * Whether the service acknowledged this chunk.
         *
         * @return true if it has a task
         */
        public boolean acknowledged() {
            return taskID.isPresent();
        }
    }

    /**
     * Creates the exception.
     *
     * @param operation         what stopped, for the message, e.g. {@code saveObjects on index products}
     * @param reason            why it stopped
     * @param totalRecords      how many records the input held; empty when not known (a lazy source not read
     *                          to its end)
     * @param chunks            every chunk sent, in order
     * @param firstUnsentRecord the position of the first record never sent (the total if all were)
     * @param cause             what stopped the write: the failure of the first chunk that failed, the source's
     *                          exception, or the cancellation
     */
    public PartialWriteException(
            String operation,
            Reason reason,
            OptionalLong totalRecords,
            List<Chunk> chunks,
            long firstUnsentRecord,
            Throwable cause) {
        super(message(operation, reason, totalRecords, chunks, firstUnsentRecord, cause), cause);
        this.chunks = List.copyOf(chunks);
        this.reason = reason;
        this.totalRecords = totalRecords.orElse(-1);
        this.firstUnsentRecord = firstUnsentRecord;
    }

    /**
     * Why the write stopped.
     *
     * @return the reason
     */
    public Reason reason() {
        return reason;
    }

    /**
     * Every chunk sent, in order, acknowledged or not.
     *
     * @return the chunks
     */
    public List<Chunk> chunks() {
        return chunks;
    }

    /**
     * The chunks the service acknowledged, in order.
     *
     * @return the acknowledged chunks
     */
    public List<Chunk> acknowledged() {
        return chunks.stream().filter(Chunk::acknowledged).toList();
    }

    /**
     * The chunks sent but not acknowledged (failed, or cancelled), in order; each may or may not have been
     * applied.
     *
     * @return the chunks not acknowledged
     */
    public List<Chunk> notAcknowledged() {
        return chunks.stream().filter(c -> !c.acknowledged()).toList();
    }

    /**
     * How many records the acknowledged chunks hold.
     *
     * @return the count
     */
    public long acknowledgedRecords() {
        return chunks.stream()
                .filter(Chunk::acknowledged)
                .mapToLong(Chunk::recordCount)
                .sum();
    }

    /**
     * How many records the input held, when known: a collection's size, or the count of a lazy source read to its
     * end. A lazy source is read only as chunks are sent, so after a stop its remaining records were never read.
     *
     * @return the count, or empty when not known
     */
    public OptionalLong totalRecords() {
        return totalRecords < 0 ? OptionalLong.empty() : OptionalLong.of(totalRecords);
    }

    /**
     * The position of the first record never sent; it and every later record were not sent (but for the records of
     * a streamed chunk cut off before its end, which were not applied: see {@link Reason#SOURCE_FAILED}). Equals the
     * total when every record was sent.
     *
     * @return the position, from 0
     */
    public long firstUnsentRecord() {
        return firstUnsentRecord;
    }

    private static String message(
            String operation,
            Reason reason,
            OptionalLong totalRecords,
            List<Chunk> chunks,
            long firstUnsentRecord,
            Throwable cause) {
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(totalRecords, "totalRecords");
        Objects.requireNonNull(chunks, "chunks");
        Objects.requireNonNull(cause, "cause");
        long acknowledged = chunks.stream()
                .filter(Chunk::acknowledged)
                .mapToLong(Chunk::recordCount)
                .sum();
        StringBuilder message = new StringBuilder(operation)
                .append(
                        switch (reason) {
                            case CHUNK_FAILED -> " stopped after a failed chunk: ";
                            case SOURCE_FAILED -> " stopped because reading its records failed: ";
                            case ABANDONED -> " was given up before its end: ";
                        })
                .append(acknowledged);
        if (totalRecords.isPresent()) {
            message.append(" of ").append(totalRecords.getAsLong());
        }
        message.append(" records acknowledged (chunks ")
                .append(ranges(chunks.stream().filter(Chunk::acknowledged).toList()))
                .append("); not acknowledged, may or may not be applied: ");
        List<Chunk> missing = chunks.stream().filter(c -> !c.acknowledged()).toList();
        for (int i = 0; i < Math.min(LISTED, missing.size()); i++) {
            Chunk chunk = missing.get(i);
            message.append(i == 0 ? "" : ", ")
                    .append("chunk ")
                    .append(chunk.index())
                    .append(" (records ")
                    .append(chunk.firstRecord())
                    .append('-')
                    .append(chunk.firstRecord() + chunk.recordCount() - 1)
                    .append(')');
        }
        if (missing.size() > LISTED) {
            message.append(" and ").append(missing.size() - LISTED).append(" more chunks");
        }
        if (missing.isEmpty()) {
            message.append("none");
        }
        if (totalRecords.isEmpty()) {
            message.append("; never sent: records from ")
                    .append(firstUnsentRecord)
                    .append(" on (the source was not read further)");
        } else if (firstUnsentRecord < totalRecords.getAsLong()) {
            message.append("; never sent: records ")
                    .append(firstUnsentRecord)
                    .append('-')
                    .append(totalRecords.getAsLong() - 1);
        }
        return message.append(reason == Reason.CHUNK_FAILED ? "; first failure: " : "; cause: ")
                .append(cause)
                .toString();
    }

    /** Chunk indexes as ranges, e.g. {@code 0-5, 7}; {@code none} when empty. */
    private static String ranges(List<Chunk> chunks) {
        if (chunks.isEmpty()) {
            return "none";
        }
        StringBuilder out = new StringBuilder();
        int start = chunks.get(0).index();
        int end = start;
        for (int i = 1; i <= chunks.size(); i++) {
            if (i < chunks.size() && chunks.get(i).index() == end + 1) {
                end++;
                continue;
            }
            out.append(out.length() == 0 ? "" : ", ").append(start).append(start == end ? "" : "-" + end);
            if (i < chunks.size()) {
                start = chunks.get(i).index();
                end = start;
            }
        }
        return out.toString();
    }
}
