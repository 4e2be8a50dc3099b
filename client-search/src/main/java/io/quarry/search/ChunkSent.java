package io.quarry.search;

/**
 * A chunk a chunked write or an {@link Ingester} is sending (see {@link ChunkListener#sent(ChunkSent)}). Its members
 * are named as those of {@link io.quarry.core.PartialWriteException.Chunk}, which reports a chunk of a write that
 * stopped.
 *
 * @param index       the chunk's position, from 0 in the order chunks are sent. A {@code long}, where
 *                    {@code PartialWriteException.Chunk} has an {@code int}: an ingester numbers its chunks for as
 *                    long as it runs, and one that lives with its application and sends a chunk every few
 *                    milliseconds (small chunks, or a short flush interval) passes 2^31 chunks within weeks
 * @param firstRecord the position of its first record, from 0: in the input of a chunked write, in the order
 *                    records were accepted for an ingester
 * @param recordCount how many records it holds
 */
public record ChunkSent(long index, long firstRecord, int recordCount) {}
