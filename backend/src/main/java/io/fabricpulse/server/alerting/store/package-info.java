/**
 * The alerting tables: alerts ({@code alert}, one open row per key at most, across replicas), their
 * history and comments ({@code alert_event}), silences ({@code alert_silence}) and rule settings
 * changed through the API ({@code alert_rule_setting}). Rows hold plain values; the alerting
 * package gives them meaning.
 */
package io.fabricpulse.server.alerting.store;
