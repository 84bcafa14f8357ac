package io.fabricpulse.server.notify.outbox;

import java.net.URI;
import java.time.Duration;

/**
 * How a dispatcher works through the outbox.
 *
 * @param owner     this replica's name in {@code claimed_by}, unique per running server
 * @param lease     how long a claim holds; longer than an attempt can take (the HTTP timeout), so a
 *                  row is only taken over from a replica that died
 * @param maxAge    an entry not delivered this long after it was queued is given up
 * @param batchSize rows looked at per round
 * @param publicUrl the UI's address as people reach it, for links to alert pages
 * @param history   how long delivered and given-up rows are kept (the delivery history) before they are deleted
 */
public record OutboxSettings(String owner, Duration lease, Duration maxAge, int batchSize, URI publicUrl,
                             Duration history) {
}
