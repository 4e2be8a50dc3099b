package io.quarry.benchmarks.raw;

import java.util.List;

/**
 * A batch acknowledgement as the baseline decodes it.
 *
 * @param taskID the task applying the batch
 * @param objectIDs the records' IDs
 */
public record RawBatchResponse(long taskID, List<String> objectIDs) {}
