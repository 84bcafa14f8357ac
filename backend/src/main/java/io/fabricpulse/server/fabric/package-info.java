/**
 * The server's live picture of the fabric: the latest state, counters and rates of every node and
 * port, as the read API and the pages see it. {@link io.fabricpulse.server.fabric.FabricView} is the
 * read side; the ingest pipeline is the only writer.
 */
package io.fabricpulse.server.fabric;
