package io.fabricpulse.agent.spool;

import io.fabricpulse.agent.push.EncodedBatch;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One waiting batch as the spool keeps track of it: in its file, or, while the disk refuses writes, in
 * memory ({@code file} null).
 *
 * @param sequence    the batch's sequence number
 * @param collectedAt when its poll started
 * @param bytes       what it counts against the spool's bound: the file's size (header and body)
 * @param file        where it is stored, null when it is held in memory
 * @param inMemory    the batch itself when it could not be written, else null
 */
record SpoolEntry(long sequence, Instant collectedAt, long bytes, Path file, EncodedBatch inMemory) {

    static SpoolEntry onDisk(long sequence, Instant collectedAt, long bytes, Path file) {
        return new SpoolEntry(sequence, collectedAt, bytes, file, null);
    }

    static SpoolEntry heldInMemory(EncodedBatch batch) {
        return new SpoolEntry(batch.sequence(), batch.collectedAt(),
                SpoolFileFormat.HEADER_BYTES + (long) batch.body().length, null, batch);
    }
}
