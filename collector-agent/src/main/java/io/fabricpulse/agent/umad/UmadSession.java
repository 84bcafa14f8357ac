package io.fabricpulse.agent.umad;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

/**
 * The local port a command or the source talks through, and the engine on it. Picks the port like
 * the infiniband-diags tools do: the one named, or the first active InfiniBand port.
 */
public final class UmadSession implements AutoCloseable {

    private final LocalCa ca;
    private final LocalPort port;
    private final MadEngine engine;

    private UmadSession(LocalCa ca, LocalPort port, MadEngine engine) {
        this.ca = ca;
        this.port = port;
        this.engine = engine;
    }

    /**
     * @param caName CA to use, null for any
     * @param portNumber port of that CA, null for the first active one
     */
    public static UmadSession open(UmadLibrary umad, String caName, Integer portNumber, EngineSettings settings,
                                   Clock clock) throws UmadUnavailableException {
        List<LocalCa> cas = new UmadDevices(umad).list();
        if (cas.isEmpty()) {
            throw new UmadUnavailableException(UmadUnavailableException.Reason.NO_DEVICE,
                    "libibumad sees no RDMA device (no /sys/class/infiniband_mad entries, ib_umad not loaded?)");
        }
        List<String> seen = new ArrayList<>();
        for (LocalCa ca : cas) {
            if (caName != null && !caName.equals(ca.name())) {
                continue;
            }
            for (LocalPort port : ca.ports()) {
                seen.add("%s/%d %s%s".formatted(ca.name(), port.portNumber(), port.active() ? "Active" : "state "
                        + port.state(), port.infiniBand() ? "" : " (" + port.linkLayer() + ")"));
                boolean wanted = portNumber == null ? port.active() && port.infiniBand() : port.portNumber() == portNumber;
                if (wanted) {
                    return new UmadSession(ca, port, MadEngine.open(umad, ca.name(), port.portNumber(), settings, clock));
                }
            }
        }
        throw new UmadUnavailableException(UmadUnavailableException.Reason.NO_ACTIVE_PORT,
                (caName == null ? "no active InfiniBand port" : "no port " + (portNumber == null ? "active" : portNumber)
                        + " on " + caName) + " among " + (seen.isEmpty() ? "the CAs " + names(cas) : seen));
    }

    /** All local CAs and their ports, for callers that poll every port. */
    public static List<LocalCa> listCas(UmadLibrary umad) throws UmadUnavailableException {
        return new UmadDevices(umad).list();
    }

    private static List<String> names(List<LocalCa> cas) {
        return cas.stream().map(LocalCa::name).toList();
    }

    public LocalCa ca() {
        return ca;
    }

    public LocalPort port() {
        return port;
    }

    public MadEngine engine() {
        return engine;
    }

    @Override
    public void close() {
        engine.close();
    }
}
