/** The topology model shared by the live view, baselines and the diff: nodes, and cables keyed by node GUID and port. */
package io.fabricpulse.server.topology.model;
