package io.fabricpulse.agent.sim;

import io.fabricpulse.model.topology.Topology;

import java.util.List;

/**
 * The faults a simulated fabric shows. Written as text, one fault per line, {@code #} starts a
 * comment, blank lines are ignored; a port is {@code "node description"[port]} or
 * {@code 0xNODEGUID[port]} and must be a cabled port of the topology:
 * <pre>
 * symbol-errors "node0007 HCA-1"[1] 0.5/s [after 2min]
 * xmit-discards "MF0;leaf03:SB7800/U1"[19] 20/s [wait 40%] [after 30s]
 * counter "node0300 HCA-1"[1] PortRcvRemotePhysicalErrors 2/min [after 1h]
 * flap "node0100 HCA-1"[1] period 60s [down 20s] [after 5min]
 * down "node0400 HCA-1"[1] [after 10min]
 * degrade "node0200 HCA-1"[1] [width 1X] [speed SDR]
 * </pre>
 * <ul>
 * <li>{@code symbol-errors}: SymbolErrorCounter of the named port rises at the rate. Symbol errors
 * are counted by the receiver, so the named port is the <em>receiving</em> end of the bad signal
 * (for a host cable whose switch-side transmitter is bad, name the host port); a cable bad in both
 * directions is two lines.</li>
 * <li>{@code xmit-discards}: a congested egress port. PortXmitDiscards of the named port rises at
 * the rate and PortXmitWait grows as if the port were stalled {@code wait} of the time (default 40%).</li>
 * <li>{@code counter}: any error counter (or PortXmitWait, in ticks) of the named port rises at the rate.</li>
 * <li>{@code flap}: the named port's link, both ends, is Active for {@code period - down}, then
 * Down/Polling for {@code down} (default half the period), over and over. Each time it goes down
 * LinkDownedCounter and LinkErrorRecoveryCounter of both ends go up by one; a down port's counters
 * do not move.</li>
 * <li>{@code down}: the link, both ends, goes Down/Polling at {@code after} and stays down (with
 * no {@code after} it never comes up).</li>
 * <li>{@code degrade}: the link, both ends, runs at a lower width and/or speed than its ports
 * support (supported stays as it was; traffic shrinks with the capacity).</li>
 * </ul>
 * Rates are {@code N/s}, {@code N/min} or {@code N/h}; durations {@code N} with {@code ms},
 * {@code s}, {@code min} (or {@code m}) or {@code h}. Rising counters start from zero and latch at
 * their width's maximum. A link has at most one {@code flap}/{@code down} and one {@code degrade}.
 *
 * @param faults the faults in script order
 */
public record FaultScript(List<Fault> faults) {

    /** No faults: a healthy fabric. */
    public static final FaultScript NONE = new FaultScript(List.of());

    public FaultScript {
        faults = List.copyOf(faults);
    }

    /** Reads a script and resolves its ports against {@code topology}. */
    public static FaultScript parse(String text, Topology topology) throws FaultScriptException {
        return new FaultScriptParser(topology).parse(text);
    }
}
