/**
 * The demo: an in-process collector agent on the {@code sim} source over the bundled 648-host fat
 * tree with its fault script, feeding the same {@link io.fabricpulse.server.ingest.IngestService}
 * that {@code POST /api/v1/ingest} uses. Off unless {@code fabricpulse.demo.enabled=true}.
 */
package io.fabricpulse.server.demo;
