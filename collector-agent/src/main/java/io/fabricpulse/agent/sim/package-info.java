/**
 * The {@code sim} port source: a deterministic simulated fabric for the demo and load tests, never chosen
 * silently. {@link io.fabricpulse.agent.sim.SimSource} turns a {@link io.fabricpulse.model.topology.Topology}
 * and a {@link io.fabricpulse.agent.sim.FaultScript} (its text format is documented there) into port reports
 * that are a pure function of the injected clock. {@link io.fabricpulse.agent.sim.FatTreeGenerator} builds
 * two-level fat trees; the bundled demo fabric ({@code fat-tree-648.net}, 648 hosts) is its output, written in
 * the ibnetdiscover format so that ibsim simulates the same fabric, with the fault script {@code demo-faults.txt}.
 */
package io.fabricpulse.agent.sim;
