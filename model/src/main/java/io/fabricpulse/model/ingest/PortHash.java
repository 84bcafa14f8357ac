package io.fabricpulse.model.ingest;

/**
 * The hash of a port's identity, its node's GUID and its port number, for the records that key maps by port.
 *
 * <p>A record's own hash, 31 x the GUID's hash + the port, collides wherever port numbers pass 31: port p of a node
 * and port p - 31 of the node whose GUID's last digit is one higher hash alike, and vendors hand GUIDs out in
 * sequence while a switch has 36 to 128 ports. At loadgen's 200,000 ports (switches of up to 200) the live fabric's
 * map kept bins of up to 8 ports and turned 80,000 of them into trees: lookups by port were a quarter of the ingest
 * worker's time. Multiplying by an odd constant with its bits spread (2^32 / the golden ratio) keeps GUIDs that
 * differ a little far apart, so two ports collide no more often than by chance.
 */
public final class PortHash {

    private static final int SPREAD = 0x9E3779B9;

    private PortHash() {
    }

    public static int of(String nodeGuid, int portNumber) {
        return nodeGuid.hashCode() * SPREAD + portNumber;
    }

    /**
     * Whether two port identities are the same, for the same records' {@code equals}. A record's generated equals runs
     * through {@code ObjectMethods}' method handles, whose guards and holders stood in the ingest worker's profile at
     * every lookup by port (the maps' {@code key.equals} call sees five key types); spelt out it is two compares, and
     * GUIDs are interned, so the string comparison is mostly an identity check. The cost that stays is the cache miss
     * on the key (worker time per port sample 3 % lower, within the runs' spread).
     */
    public static boolean same(String nodeGuid, int portNumber, String otherGuid, int otherPort) {
        return portNumber == otherPort && nodeGuid.equals(otherGuid);
    }
}
