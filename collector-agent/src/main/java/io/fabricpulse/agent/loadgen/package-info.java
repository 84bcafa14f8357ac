/**
 * {@code fabricpulse-agent loadgen}: many simulated agents in one process, each the real agent's poll loop and
 * pusher over its share of a generated fabric ({@link io.fabricpulse.agent.loadgen.LoadFabric}: fat-tree planes
 * sized by {@link io.fabricpulse.agent.loadgen.FabricSize}), pushing to a server for a bounded time, with what the
 * server took measured and printed ({@link io.fabricpulse.agent.loadgen.LoadGenerator}).
 */
package io.fabricpulse.agent.loadgen;
