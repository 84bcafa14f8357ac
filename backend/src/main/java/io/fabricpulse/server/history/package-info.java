/**
 * The fabric at a past instant, for incident reviews (the map's and the overview's time slider): each cable's
 * health rebuilt from what is stored — error and data rates from the series store, port states from the
 * {@code port-not-active} alerts, firing alerts from their fired, acknowledged and resolved times — and judged by
 * the same {@link io.fabricpulse.server.topology.LinkHealth} as the live fabric; its nodes and cables from the cable
 * history ({@link io.fabricpulse.server.history.PastTopology}): those first seen later left out, those gone since drawn
 * back. Names, widths and speeds have no history. docs/UI.md, "Time slider".
 */
package io.fabricpulse.server.history;
