package io.fabricpulse.server.web.alerts;

import io.fabricpulse.server.alerting.AlertEnd;
import io.fabricpulse.server.web.AlertLine;
import io.fabricpulse.server.web.AlertListQuery;
import io.fabricpulse.server.alerting.AlertSubject;
import io.fabricpulse.server.alerting.PortRef;
import io.fabricpulse.server.alerting.Severity;
import io.fabricpulse.server.alerting.api.AlertView;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.topology.CableHistory;
import io.fabricpulse.server.topology.model.PortEnd;
import io.fabricpulse.server.web.DisplayFormat;
import org.springframework.stereotype.Component;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Folds alerts into one group per cable, server-side, from the topology: a link alert's subject already is its
 * cable (both ends sorted, {@link AlertSubject#link}); a port alert raised while its far end was unknown (the port
 * went down before its peer was learnt) is put on the cable the live fabric or the cable history says that port has.
 * Every other alert groups with those of its own subject (the same node, agent or fabric question).
 */
@Component
public class AlertGroups {

    private static final String PORT = "port:";

    private final FabricView fabric;
    private final CableHistory cables;

    AlertGroups(FabricView fabric, CableHistory cables) {
        this.fabric = fabric;
        this.cables = cables;
    }

    /**
     * The groups of {@code alerts} (worst first, as the list orders them), in {@link #WORST_FIRST} order; each group's
     * members keep the list's order.
     */
    public List<AlertGroup> of(List<AlertView> alerts, DisplayFormat format, Instant now) {
        return fold(alerts, this::peerOf, format, now);
    }

    /** {@link #of} with the far ends of ports from {@code peerOf}. */
    static List<AlertGroup> fold(List<AlertView> alerts, Function<PortRef, PortRef> peerOf, DisplayFormat format,
                                 Instant now) {
        Map<String, List<AlertView>> byKey = new LinkedHashMap<>();
        for (AlertView alert : alerts) {
            byKey.computeIfAbsent(key(alert, peerOf), k -> new ArrayList<>()).add(alert);
        }
        return byKey.entrySet().stream()
                .sorted(Map.Entry.comparingByValue(WORST_FIRST))
                .map(entry -> group(entry.getKey(), entry.getValue(), format, now))
                .toList();
    }

    /**
     * The order of groups, as {@link io.fabricpulse.server.alerting.store.AlertOrder#WORST_FIRST} orders alerts: by
     * the worst member's severity, then by when the group began (its earliest member fired), the newest first; ties
     * by the newest alert id. A group is placed by what it is as a whole, not by the member that happens to sort first.
     */
    static final Comparator<List<AlertView>> WORST_FIRST = Comparator
            .comparing((List<AlertView> members) -> worst(members).severity(), Comparator.reverseOrder())
            .thenComparing(members -> earliest(members).firedAt(), Comparator.reverseOrder())
            .thenComparing(members -> members.stream().mapToLong(AlertView::id).max().orElseThrow(),
                    Comparator.reverseOrder());

    /**
     * What {@code alert} is grouped by: the cable as a link key when its subject is a link, or a port whose far end
     * {@code peerOf} knows (null: none); else its subject.
     */
    static String key(AlertView alert, Function<PortRef, PortRef> peerOf) {
        String subject = alert.subject();
        if (subject.startsWith(PORT)) {
            int slash = subject.lastIndexOf('/');
            try {
                PortRef port = new PortRef(subject.substring(PORT.length(), slash),
                        Integer.parseInt(subject.substring(slash + 1)));
                PortRef peer = peerOf.apply(port);
                if (peer != null) {
                    return AlertSubject.linkKey(port, peer);
                }
            } catch (RuntimeException e) {
                return subject; // not a port key this server writes: the alert stays on its own subject
            }
        }
        return subject;
    }

    /** The far end of a port's cable: as the port reports it now, else where the cable history says it went. */
    private PortRef peerOf(PortRef port) {
        PortView view = fabric.port(port.nodeGuid(), port.portNumber()).orElse(null);
        if (view != null && view.peerGuid() != null) {
            return new PortRef(view.peerGuid(), view.peerPort());
        }
        PortEnd expected = cables.expectedPeer(port.nodeGuid(), port.portNumber());
        return expected == null ? null : new PortRef(expected.nodeGuid(), expected.port());
    }

    private static AlertGroup group(String key, List<AlertView> members, DisplayFormat format, Instant now) {
        AlertView worst = worst(members);
        AlertView earliest = earliest(members);
        // The member that names most ends (a link alert's two) names the group's.
        AlertView named = members.stream().max(Comparator.comparingInt(a -> a.context().ends().size())).orElseThrow();
        List<AlertEnd> ends = named.context().ends();
        String list = ends.isEmpty() ? AlertListQuery.hrefFor(null, null)
                : AlertListQuery.hrefFor(ends.getFirst().nodeGuid(),
                        ends.getFirst().portNumber() > 0 ? ends.getFirst().portNumber() : null);
        return new AlertGroup(key, severityName(worst.severity()), worst.id(), list,
                ends.stream().map(AlertLine.End::of).toList(),
                format.dateTime(earliest.firedAt()), format.isoTime(earliest.firedAt()), format.age(earliest.firedAt(), now),
                members.stream().map(AlertView::rule).distinct().toList(),
                members.stream().map(alert -> AlertLine.of(alert, format, now)).toList());
    }

    private static AlertView worst(List<AlertView> members) {
        return members.stream().max(Comparator.comparing(AlertView::severity)).orElseThrow();
    }

    private static AlertView earliest(List<AlertView> members) {
        return members.stream().min(Comparator.comparing(AlertView::firedAt)).orElseThrow();
    }

    private static String severityName(Severity severity) {
        return severity.name().toLowerCase(Locale.ROOT);
    }
}
