/**
 * Waiting before trying again, shared by every sender that retries a remote endpoint (the notification
 * outbox, the prometheus store's remote write): exponential backoff with jitter, and Retry-After read as
 * RFC 9110 defines it. Depends on no feature.
 */
package io.fabricpulse.server.retry;
