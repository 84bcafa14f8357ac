package io.fabricpulse.agent.push;

import java.time.Instant;

/**
 * A batch ready for the wire: its gzip-compressed JSON, encoded once and sent as often as retries need.
 * This form is also what a disk spool stores, so replay sends exactly the bytes first attempted.
 *
 * @param sequence    the batch's sequence number (for log lines and removal)
 * @param collectedAt when its poll started; the retry policy ages batches from here
 * @param gzipJson    the request body: {@code IngestBatch} as JSON, gzip-compressed
 */
public record EncodedBatch(long sequence, Instant collectedAt, byte[] gzipJson) {
}
