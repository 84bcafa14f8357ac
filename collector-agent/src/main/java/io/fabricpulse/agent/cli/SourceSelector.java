package io.fabricpulse.agent.cli;

import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceProbe;
import io.fabricpulse.agent.sysfs.SysfsSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
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
        AUTO, SYSFS
    }

    /** A source together with what its probe found. */
    record Probed(PortSource source, SourceProbe probe) {
    }

    private static final Logger log = LoggerFactory.getLogger(SourceSelector.class);

    private final Path sysfsRoot;

    SourceSelector(Path sysfsRoot) {
        this.sysfsRoot = sysfsRoot;
    }

    PortSource select(Choice choice) throws SourceUnavailableException {
        return switch (choice) {
            case AUTO -> auto();
            case SYSFS -> named(sysfs());
        };
    }

    /** Best first. */
    private List<Supplier<Probed>> autoOrder() {
        return List.of(this::sysfs);
    }

    private PortSource auto() throws SourceUnavailableException {
        List<SourceProbe> refused = new ArrayList<>();
        for (Supplier<Probed> candidate : autoOrder()) {
            Probed probed = candidate.get();
            if (probed.probe().usable()) {
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

    private Probed sysfs() {
        SysfsSource source = new SysfsSource(sysfsRoot);
        return new Probed(source, source.probe());
    }
}
