package io.fabricpulse.server.rates;

import io.fabricpulse.model.ingest.CounterWidth;

import java.time.Instant;

/**
 * The latest sample of one counter of one port that the rate engine accepted: the baseline for the
 * next delta.
 *
 * @param value          raw counter value; for 64-bit counters read as unsigned (values above
 *                       {@link Long#MAX_VALUE} are negative here)
 * @param width          which of the port's counters were 64-bit in this sample
 * @param at             collection time of the sample
 * @param saturatedSince when the counter was first seen latched at its maximum, null while it is not
 */
public record CounterSample(long value, CounterWidth width, Instant at, Instant saturatedSince) {
}
