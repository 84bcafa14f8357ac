/**
 * The {@code prometheus} series store: rates go out by Prometheus remote write (protobuf from
 * {@code src/main/proto}, snappy) to any compatible engine (VictoriaMetrics, Prometheus, Mimir, Thanos
 * Receive) and come back through the PromQL HTTP API. docs/STORAGE.md and docs/DEPLOYMENT.md say how
 * to point it at each engine.
 */
package io.fabricpulse.server.series.prometheus;
