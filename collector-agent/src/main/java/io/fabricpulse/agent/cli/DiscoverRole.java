package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.discovery.DiscoveringSource;
import io.fabricpulse.agent.discovery.FabricMonitor;
import io.fabricpulse.agent.discovery.SweepShardAnswers;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.umad.EnginePool;
import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.UmadProbe;
import io.fabricpulse.agent.umad.UmadSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;

/** The source of {@code run --role discover}: the umad source for this node, the fabric monitor for the rest. */
final class DiscoverRole {

    private static final Logger log = LoggerFactory.getLogger(DiscoverRole.class);

    /** A fabric-wide agent keeps more requests in flight than a node's own poll needs. */
    static final EngineSettings FABRIC_ENGINE = EngineSettings.DEFAULTS.withWindow(16);

    private DiscoverRole() {
    }

    /**
     * @throws SourceUnavailableException when libibumad cannot be loaded at all (a port that is not up yet
     *                                    is waited for, as {@code --source umad} does)
     */
    static PortSource source(UmadProbe probe, Duration discoverInterval, Duration tablesInterval,
                             SweepShardAnswers shard, Clock clock)
            throws SourceUnavailableException {
        UmadProbe.Result result = probe.probe();
        if (result.library() == null) {
            throw new SourceUnavailableException("--role discover needs native MADs: " + result.probe().detail());
        }
        if (result.probe().usable()) {
            log.info("role discover: {}; walking the fabric every {} s, reading forwarding tables {}",
                    result.probe().detail(), discoverInterval.toSeconds(),
                    tablesInterval.isZero() ? "never" : "every " + tablesInterval.toSeconds() + " s and after changes");
        } else {
            log.warn("role discover: nothing to walk from yet ({}); trying at every poll, as asked",
                    result.probe().detail());
        }
        EnginePool engines = new EnginePool(result.library(), FABRIC_ENGINE, clock);
        return new DiscoveringSource(new UmadSource(result.library(), engines),
                new FabricMonitor(result.library(), engines, discoverInterval, tablesInterval, shard, clock));
    }
}
