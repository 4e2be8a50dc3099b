package io.quarry.mockserver.engine.internal.index;

import io.quarry.mockserver.engine.IndexData;
import io.quarry.mockserver.engine.RecordWriter;

/**
 * The indices holding an {@link IndexData}: while at least one does, its estimated heap counts in their
 * application's {@link RecordBudget}, and its writes are held to it. IndexData installs its side here when its class
 * initialises, so that it needs no public method for this.
 */
public final class StoreHolds {

    /** What an {@link IndexData} does when an index starts or stops holding it. */
    public interface Side {

        /**
         * @param data the records
         * @param budget the budget of the application of the index holding them
         * @param refusable whether the hold is refused (403) when the records do not fit the budget
         */
        void hold(IndexData data, RecordBudget budget, boolean refusable);

        /** @param data records an index stops holding */
        void release(IndexData data);

        /**
         * @param data records an index stops holding, their bytes left counted in the budget
         * @return the bytes left counted: their estimate when no other index holds them, else 0
         */
        long releaseKeepingCount(IndexData data);

        /**
         * @param data records an index starts holding, never refused
         * @param budget the budget of the application of the index holding them
         * @param reserved bytes counted in the budget already, which their estimate replaces
         */
        void holdInPlaceOf(IndexData data, RecordBudget budget, long reserved);

        /**
         * {@return an estimate of the heap they hold}
         *
         * @param data the records
         */
        long heapBytes(IndexData data);

        /**
         * {@return the approximate JSON size of one record in bytes, or -1 when it is not stored}
         *
         * @param data the records
         * @param objectID the record's ID
         */
        long jsonSize(IndexData data, String objectID);

        /**
         * {@return a group of writes on the records, holding their write lock until it is committed or aborted}
         *
         * @param data the records
         */
        Group open(IndexData data);

        /**
         * @param data the records
         * @param watch told of every write group kept from now on, in place of any watch before
         */
        void watch(IndexData data, RecordWatch watch);

        /**
         * @param data the records
         * @param watch no longer told, if it is the one watching
         */
        void unwatch(IndexData data, RecordWatch watch);
    }

    /**
     * A group of writes on one index's records that the caller ends: several groups, on several indices, are
     * committed together once their growth, added up, fits the budget, or all aborted.
     */
    public interface Group {

        /** {@return the writer of the group} */
        RecordWriter writer();

        /** {@return how much the group grew the records' estimate (negative when it freed bytes)} */
        long growth();

        /** Keeps the writes; the caller has counted their {@link #growth()} in the budget. */
        void commit();

        /** Undoes the writes. */
        void abort();
    }

    private static volatile Side side;

    private StoreHolds() {}

    /**
     * Called once, by {@link IndexData}'s class.
     *
     * @param installed its side
     */
    public static void install(Side installed) {
        if (side != null) {
            throw new IllegalStateException("the side of IndexData is installed already");
        }
        side = installed;
    }

    /**
     * An index starts holding the records: their estimate counts in the budget from now on (once, however many
     * indices hold them: a replica shares its primary's).
     *
     * @param data the records
     * @param budget the application's budget
     * @param refusable whether records that do not fit are refused; otherwise they are counted all the same
     * @throws io.quarry.mockserver.engine.EngineException 403 when refusable and they do not fit
     */
    public static void hold(IndexData data, RecordBudget budget, boolean refusable) {
        side.hold(data, budget, refusable);
    }

    /**
     * An index stops holding the records: once none does, their estimate leaves the budget.
     *
     * @param data the records
     */
    public static void release(IndexData data) {
        side.release(data);
    }

    /**
     * An index stops holding the records, their bytes left counted in the budget, so that the caller moves the count
     * to other records in one change ({@link #holdInPlaceOf}) and no reader of the budget sees the index count
     * nothing on the way.
     *
     * @param data the records
     * @return the bytes left counted: the records' estimate when no other index holds them, else 0
     */
    public static long releaseKeepingCount(IndexData data) {
        return side.releaseKeepingCount(data);
    }

    /**
     * An index starts holding the records, never refused: their estimate takes the place of bytes the caller
     * counted in the budget already, in one change (when another index holds them, they count already, and the bytes
     * are given back).
     *
     * @param data the records
     * @param budget the application's budget
     * @param reserved the bytes counted already for them
     */
    public static void holdInPlaceOf(IndexData data, RecordBudget budget, long reserved) {
        side.holdInPlaceOf(data, budget, reserved);
    }

    /**
     * {@return an estimate of the heap the records hold}
     *
     * @param data the records
     */
    public static long heapBytes(IndexData data) {
        return side.heapBytes(data);
    }

    /**
     * {@return the approximate JSON size of one record in bytes, as an index's {@code dataSize} counts it, or -1
     * when it is not stored} Neither copies nor serialises the record.
     *
     * @param data the records
     * @param objectID the record's ID
     */
    public static long jsonSize(IndexData data, String objectID) {
        return side.jsonSize(data, objectID);
    }

    /**
     * {@return a group of writes on the records, which the caller commits or aborts}
     *
     * @param data the records
     */
    public static Group open(IndexData data) {
        return side.open(data);
    }

    /**
     * Tells a watch of every write group on the records kept from now on (one watch at a time: it replaces any
     * other), so that what it keeps about some of them follows their changes, however they are written.
     *
     * @param data the records
     * @param watch the watch
     */
    public static void watch(IndexData data, RecordWatch watch) {
        side.watch(data, watch);
    }

    /**
     * Stops telling a watch, when it is the one watching the records.
     *
     * @param data the records
     * @param watch the watch
     */
    public static void unwatch(IndexData data, RecordWatch watch) {
        side.unwatch(data, watch);
    }
}
