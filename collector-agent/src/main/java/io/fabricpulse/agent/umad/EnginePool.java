package io.fabricpulse.agent.umad;

import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One engine per local port, opened on first use and kept: opening a port registers MAD agents,
 * which the kernel (and umad2sim) holds a limited number of, so a poll loop must not reopen it.
 */
public final class EnginePool implements AutoCloseable {

    private final UmadLibrary umad;
    private final EngineSettings settings;
    private final Clock clock;
    private final Map<String, MadEngine> engines = new HashMap<>();

    public EnginePool(UmadLibrary umad, EngineSettings settings, Clock clock) {
        this.umad = umad;
        this.settings = settings;
        this.clock = clock;
    }

    /** The engine of {@code port} on {@code ca}, opened now if it is not open yet. */
    public synchronized MadEngine engine(LocalCa ca, LocalPort port) throws UmadUnavailableException {
        String key = key(ca.name(), port.portNumber());
        MadEngine engine = engines.get(key);
        if (engine == null) {
            engine = MadEngine.open(umad, ca.name(), port.portNumber(), settings, clock);
            engines.put(key, engine);
        }
        return engine;
    }

    /** Any engine already open on a port of {@code caName}. */
    public synchronized Optional<MadEngine> anyOpenOn(String caName) {
        return engines.entrySet().stream().filter(e -> e.getKey().startsWith(caName + "/"))
                .map(Map.Entry::getValue).findFirst();
    }

    /**
     * An engine already open on any local port: what orders from the server use (their MADs are LID-routed, so
     * any port on the subnet carries them), sharing the poll's registrations. Empty before the first poll.
     */
    public synchronized Optional<MadEngine> anyOpen() {
        return engines.values().stream().findFirst();
    }

    public EngineSettings settings() {
        return settings;
    }

    private static String key(String caName, int port) {
        return caName + "/" + port;
    }

    @Override
    public synchronized void close() {
        engines.values().forEach(MadEngine::close);
        engines.clear();
    }
}
