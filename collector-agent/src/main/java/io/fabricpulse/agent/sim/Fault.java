package io.fabricpulse.agent.sim;

import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.topology.LinkEnd;

import java.time.Duration;

/**
 * One line of a fault script, resolved against the topology: the port it names exists and is
 * cabled. Times are measured from the start of the simulation.
 */
public sealed interface Fault {

    /** The script line it comes from. */
    int line();

    /** The port the line names. */
    LinkEnd port();

    /**
     * {@code counter} rises by {@code perSecond} on {@code port} while its link is up, from {@code after} on.
     * {@code symbol-errors} and the discard half of {@code xmit-discards} are this.
     */
    record RisingCounter(int line, LinkEnd port, PortCounter counter, double perSecond, Duration after) implements Fault {
    }

    /** {@code port} has data to send but cannot for {@code stalledFraction} of the time (PortXmitWait), from {@code after} on. */
    record Congestion(int line, LinkEnd port, double stalledFraction, Duration after) implements Fault {
    }

    /**
     * The link of {@code port} (both ends) goes down and comes back forever from {@code after} on: each
     * {@code period} it is Active for {@code period - down}, then Down/Polling for {@code down}.
     */
    record Flap(int line, LinkEnd port, Duration period, Duration down, Duration after) implements Fault {
    }

    /** The link of {@code port} (both ends) goes Down/Polling at {@code after} and stays down; at zero it never came up. */
    record LinkDown(int line, LinkEnd port, Duration after) implements Fault {
    }

    /** The link of {@code port} (both ends) trained at a lower width and/or speed than its ports support; null keeps one. */
    record Degrade(int line, LinkEnd port, LinkWidth width, LinkSpeed speed) implements Fault {
    }
}
