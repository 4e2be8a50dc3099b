package io.quarry.mockserver.internal.state;

import io.quarry.mockserver.engine.RecordWriter;
import io.quarry.mockserver.engine.internal.index.AttributePathBudget;
import tools.jackson.databind.node.ObjectNode;

/**
 * One validated record write, as sent alone or inside a batch. {@link #apply} runs inside
 * {@code IndexData.write} while the index's lock is held.
 */
public sealed interface RecordOperation {

    /**
     * Applies the write.
     *
     * @param index the index written (its lock is held)
     * @param writer the index's record writer
     * @return the objectID the write concerns, or {@code null} for an index-level action
     */
    String apply(IndexState index, RecordWriter writer);

    /** {@return the objectID the write concerns, or {@code null} for an index-level action} */
    String objectID();

    /**
     * Adds or replaces a whole record; one whose attribute paths are over budget is refused when the write is made,
     * before anything of a batch holding it applies.
     *
     * @param record the record, with its objectID
     */
    record Put(ObjectNode record) implements RecordOperation {
        public Put {
            AttributePathBudget.check(record);
        }

        @Override
        public String apply(IndexState index, RecordWriter writer) {
            writer.put(record.deepCopy());
            index.cancelRemoval();
            return objectID();
        }

        @Override
        public String objectID() {
            return record.get("objectID").stringValue();
        }
    }

    /**
     * Partially updates a record.
     *
     * @param objectID the record's ID
     * @param update the parsed update
     * @param createIfNotExists whether an absent record is created
     */
    record Partial(String objectID, PartialUpdate update, boolean createIfNotExists) implements RecordOperation {
        @Override
        public String apply(IndexState index, RecordWriter writer) {
            ObjectNode updated = update.apply(writer.get(objectID), objectID, createIfNotExists);
            if (updated != null) {
                writer.put(updated);
                index.cancelRemoval();
            }
            return objectID;
        }
    }

    /**
     * Deletes a record.
     *
     * @param objectID the record's ID
     */
    record Delete(String objectID) implements RecordOperation {
        @Override
        public String apply(IndexState index, RecordWriter writer) {
            writer.remove(objectID);
            return objectID;
        }
    }

    /** Empties the index, keeping its settings, synonyms and rules. */
    record Clear() implements RecordOperation {
        @Override
        public String apply(IndexState index, RecordWriter writer) {
            writer.clear();
            return null;
        }

        @Override
        public String objectID() {
            return null;
        }
    }

    /** Deletes the index: records and configuration; it disappears unless a later write recreates it. */
    record DeleteIndex() implements RecordOperation {
        @Override
        public String apply(IndexState index, RecordWriter writer) {
            writer.clear();
            index.resetConfig();
            index.requestRemoval();
            return null;
        }

        @Override
        public String objectID() {
            return null;
        }
    }
}
