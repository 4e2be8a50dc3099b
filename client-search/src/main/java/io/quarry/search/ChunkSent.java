package io.quarry.search;

/**
 * A chunk a chunked write or an {@link Ingester} is sending (see {@link ChunkListener#sent(ChunkSent)}).
 *
 * @param chunk       the chunk's number, from 0 in the order chunks are sent
 * @param firstRecord the position of its first record, from 0: in the input of a chunked write, in the order
 *                    records were accepted for an ingester
 * @param records     how many records it holds
 */
public record ChunkSent(long chunk, long firstRecord, int records) {}
