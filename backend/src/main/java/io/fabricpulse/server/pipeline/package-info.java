/**
 * The ingest pipeline: validated batches queue here (bounded: 503 with Retry-After when full), one
 * worker applies them to the live fabric in groups and stores each group's rate points (series
 * store) and resume state (state store) before any of them is acknowledged. See docs/PIPELINE.md.
 */
package io.fabricpulse.server.pipeline;
