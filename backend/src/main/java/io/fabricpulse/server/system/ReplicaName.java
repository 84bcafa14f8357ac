package io.fabricpulse.server.system;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.UUID;

/**
 * This running server's name among the replicas that share a state store: the host name and an id
 * drawn at each start, so a restarted server is a new replica (it cannot know what it did before).
 * Written where rows say which replica did something (the outbox's claims, alert assertions).
 *
 * @param value at most {@value #MAX_LENGTH} characters
 */
public record ReplicaName(String value) {

    public static final int MAX_LENGTH = 100;

    public ReplicaName {
        if (value == null || value.isBlank() || value.length() > MAX_LENGTH) {
            throw new IllegalArgumentException("a replica name has 1 to " + MAX_LENGTH + " characters, got " + value);
        }
    }

    /** A new name for this process: host name and a random id. */
    public static ReplicaName ofThisProcess() {
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            host = "unknown-host";
        }
        String name = host + "/" + UUID.randomUUID().toString().substring(0, 8);
        return new ReplicaName(name.length() <= MAX_LENGTH ? name : name.substring(name.length() - MAX_LENGTH));
    }
}
