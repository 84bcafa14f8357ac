/**
 * Counter-clear history per port: clears and resets the rate engine detects (recorded off the ingest
 * path through a bounded queue) and clears people request.
 */
package io.fabricpulse.server.fabric.counterclear;
