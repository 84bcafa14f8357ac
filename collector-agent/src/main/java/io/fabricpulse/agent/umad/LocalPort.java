package io.fabricpulse.agent.umad;

/**
 * A port of a local CA as libibumad reports it (from sysfs).
 *
 * @param state      logical state, 4 = Active
 * @param physState  physical state, 5 = LinkUp
 * @param linkLayer  {@code InfiniBand} (ibsim says {@code IB}) or {@code Ethernet} (RoCE: no SMPs, no umad source)
 */
public record LocalPort(String caName, int portNumber, int baseLid, int lmc, int smLid, int state, int physState,
                        long portGuid, String linkLayer) {

    public boolean active() {
        return state == 4;
    }

    public boolean infiniBand() {
        return linkLayer.isEmpty() || linkLayer.equalsIgnoreCase("InfiniBand") || linkLayer.equalsIgnoreCase("IB");
    }
}
