package io.fabricpulse.agent.push;

import io.fabricpulse.model.ingest.WireFormat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Instant;
import java.util.zip.GZIPInputStream;

/**
 * A batch ready for the wire: its gzip-compressed Smile or JSON, encoded once and sent as often as retries need.
 * This form is also what a disk spool stores, so replay sends exactly the bytes first attempted; which format they
 * are is read off the bytes ({@link #format()}), so a spool written by an agent that sent JSON replays as JSON.
 *
 * @param sequence    the batch's sequence number (for log lines and removal)
 * @param collectedAt when its poll started; the retry policy ages batches from here
 * @param body        the request body: {@code IngestBatch} as Smile or JSON, gzip-compressed
 */
public record EncodedBatch(long sequence, Instant collectedAt, byte[] body) {

    /** The body's format: Smile when it starts with Smile's signature once inflated, else JSON. */
    public WireFormat format() {
        byte[] start = new byte[3];
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body), 64)) {
            return WireFormat.sniff(start, in.readNBytes(start, 0, start.length));
        } catch (IOException notGzip) {
            return WireFormat.JSON; // what the server then says about it is the push's answer
        }
    }
}
