/**
 * What ingest resumes from after a restart or on another replica: every port's last accepted raw
 * sample (its rate baseline) and every agent's newest stored batch. Written by the ingest pipeline as
 * part of each durable hand-off, read before applying batches whose ports this server's memory may not
 * know the latest of.
 */
package io.fabricpulse.server.pipeline.resume;
