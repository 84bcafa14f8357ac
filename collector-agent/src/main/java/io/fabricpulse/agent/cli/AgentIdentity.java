package io.fabricpulse.agent.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/** The agent's id: the host name unless {@code --agent-id} says otherwise. */
final class AgentIdentity {

    /** What the server can show and key by: printable, no blanks, bounded. */
    private static final Pattern VALID = Pattern.compile("[\\x21-\\x7e]{1,128}");

    private AgentIdentity() {
    }

    static boolean isValid(String id) {
        return id != null && VALID.matcher(id).matches();
    }

    /**
     * The kernel's host name. Read from /proc rather than via DNS: a node whose resolver is down must
     * still know who it is.
     */
    static Optional<String> hostName() {
        try {
            String name = Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
            if (isValid(name)) {
                return Optional.of(name);
            }
        } catch (IOException e) {
            // not Linux, or /proc not mounted: ask Java
        }
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return isValid(name) ? Optional.of(name) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
