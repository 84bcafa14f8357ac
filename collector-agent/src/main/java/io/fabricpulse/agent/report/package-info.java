/**
 * The agent's report: what one poll saw, as it crosses the wire to the server ({@code POST /api/v1/ingest}).
 * These records are the versioned ingest schema; the server depends on this package so both sides
 * share one definition. Counter names are the IBA names perfquery prints.
 */
package io.fabricpulse.agent.report;
