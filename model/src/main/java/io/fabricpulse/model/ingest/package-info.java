/**
 * The agent's report: what one poll saw, as it crosses the wire to the server ({@code POST /api/v1/ingest}).
 * These records are the versioned ingest schema; the agent writes them and the server reads them, so both
 * sides share one definition. Counter names are the IBA names perfquery prints, with their widths
 * ({@link io.fabricpulse.model.ingest.PortCounter}).
 */
package io.fabricpulse.model.ingest;
