/**
 * Counter rates by the rules of docs/FABRIC.md: delta/Δt per (node, port, counter), saturation
 * ("at least max") instead of a rate when a counter latches at its width's maximum, no rate across a
 * clear/reset or a 32/64-bit switch, nothing from samples that are not newer than the baseline.
 * Pure and table-tested; the live fabric keeps one {@link io.fabricpulse.server.rates.PortRates} per port.
 */
package io.fabricpulse.server.rates;
