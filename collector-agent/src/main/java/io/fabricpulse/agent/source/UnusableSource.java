package io.fabricpulse.agent.source;

import io.fabricpulse.model.ingest.NodeReport;

import java.util.List;

/**
 * A source that was asked for by name but cannot work on this host at all (e.g. umad without
 * libibumad): every poll fails with the reason, which the poll loop logs and backs off on.
 */
public record UnusableSource(String name, String reason) implements PortSource {

    @Override
    public List<NodeReport> poll() throws SourceException {
        throw new SourceException(name + " cannot read this host: " + reason);
    }
}
