package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.sim.FaultScriptException;
import io.fabricpulse.agent.sim.SimSource;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceProbe;
import io.fabricpulse.agent.source.UnusableSource;
import io.fabricpulse.agent.sysfs.SysfsSource;
import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.UmadProbe;
import io.fabricpulse.agent.umad.UmadSource;
import io.fabricpulse.model.topology.TopologyParseException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Turns {@code --source} into a source. {@code auto} probes the sources in order of preference and takes
 * the first that can read this host; naming a source takes that one even if it has nothing to read yet
 * (it keeps polling, so a driver loaded after the agent started is picked up).
 * <p>
 * Each source is one {@link Choice} and one entry in {@link #autoOrder()}: umad belongs first there
 * (native MADs also see the peer across each cable and switch counters), then sysfs. The sim source is
 * never chosen by auto: a synthetic fabric must be asked for by name.
 */
final class SourceSelector {

    /** The values of {@code --source}. */
    enum Choice {
        AUTO, UMAD, SYSFS, SIM
    }

    /**
     * What the sim source simulates: the bundled demo fabric, or a topology file (ibnetdiscover
     * format) with an optional fault script. Null fields mean "not given".
     */
    record SimFabric(boolean demo, Path topology, Path faults) {
    }

    /** A source together with what its probe found. */
    record Probed(PortSource source, SourceProbe probe) {
    }

    private static final Logger log = LoggerFactory.getLogger(SourceSelector.class);

    private final Path sysfsRoot;
    private final UmadProbe umadProbe;
    private final SimFabric simFabric;
    private final Clock clock;

    SourceSelector(Path sysfsRoot, UmadProbe umadProbe, SimFabric simFabric, Clock clock) {
        this.sysfsRoot = sysfsRoot;
        this.umadProbe = umadProbe;
        this.simFabric = simFabric;
        this.clock = clock;
    }

    PortSource select(Choice choice) throws SourceUnavailableException {
        return switch (choice) {
            case AUTO -> auto();
            case UMAD -> named(umad());
            case SYSFS -> named(sysfs());
            case SIM -> sim();
        };
    }

    /** Best first. */
    private List<Supplier<Probed>> autoOrder() {
        return List.of(this::umad, this::sysfs);
    }

    private PortSource auto() throws SourceUnavailableException {
        List<SourceProbe> refused = new ArrayList<>();
        for (Supplier<Probed> candidate : autoOrder()) {
            Probed probed = candidate.get();
            if (probed.probe().usable()) {
                // Say why the better sources were passed over: the operator may have meant to use them.
                refused.forEach(p -> log.info("source auto: {} not usable: {}", p.source(), p.detail()));
                log.info("source auto: using {} ({})", probed.probe().source(), probed.probe().detail());
                return probed.source();
            }
            probed.source().close();
            refused.add(probed.probe());
        }
        throw new SourceUnavailableException("no usable source on this host: " + refused.stream()
                .map(p -> p.source() + ": " + p.detail()).collect(Collectors.joining("; ")));
    }

    private static PortSource named(Probed probed) {
        if (probed.probe().usable()) {
            log.info("source {}: {}", probed.probe().source(), probed.probe().detail());
        } else {
            log.warn("source {} has nothing to read yet ({}); polling anyway, as asked",
                    probed.probe().source(), probed.probe().detail());
        }
        return probed.source();
    }

    private PortSource sim() throws SourceUnavailableException {
        if (simFabric.demo()) {
            log.info("source sim: the bundled demo fabric (648 hosts, 54 switches) with its fault script");
            return SimSource.demo(clock);
        }
        if (simFabric.topology() == null) {
            throw new SourceUnavailableException("--source sim needs --demo or --topology FILE");
        }
        try {
            SimSource source = simFabric.faults() == null
                    ? SimSource.fromFiles(simFabric.topology(), clock)
                    : SimSource.fromFiles(simFabric.topology(), simFabric.faults(), clock);
            log.info("source sim: {}{}", simFabric.topology(),
                    simFabric.faults() == null ? " (no faults)" : " with faults from " + simFabric.faults());
            return source;
        } catch (IOException e) {
            throw new SourceUnavailableException("cannot read " + e.getMessage());
        } catch (TopologyParseException | FaultScriptException | IllegalArgumentException e) {
            throw new SourceUnavailableException(e.getMessage());
        }
    }

    private Probed umad() {
        UmadProbe.Result result = umadProbe.probe();
        if (result.library() == null) {
            // No library, nothing to poll through: every poll reports the probe's reason.
            return new Probed(new UnusableSource("umad", result.probe().detail()), result.probe());
        }
        return new Probed(new UmadSource(result.library(), EngineSettings.DEFAULTS, clock), result.probe());
    }

    private Probed sysfs() {
        SysfsSource source = new SysfsSource(sysfsRoot);
        return new Probed(source, source.probe());
    }
}
