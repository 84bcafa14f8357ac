/**
 * The whole fabric from one node: {@link io.fabricpulse.agent.discovery.FabricDiscoverer} walks it with
 * directed-route SMPs by libibnetdisc's rules (what ibnetdiscover finds, many requests in flight through
 * the MAD engine, gaps counted instead of failing), {@link io.fabricpulse.agent.discovery.IbnetdiscoverText}
 * prints the result as ibnetdiscover does, {@link io.fabricpulse.agent.discovery.PortSweeper} reads the
 * counters of every cabled port at once, and {@link io.fabricpulse.agent.discovery.FabricMonitor} does both
 * on a schedule for agents with the {@code discover} role, their results going out in ordinary batches
 * ({@link io.fabricpulse.agent.discovery.FabricReports}: each port with its peer from the walk).
 */
package io.fabricpulse.agent.discovery;
