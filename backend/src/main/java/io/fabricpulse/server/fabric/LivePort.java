package io.fabricpulse.server.fabric;

import io.fabricpulse.model.ingest.CounterWidth;
import io.fabricpulse.model.ingest.FieldFault;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.rates.DerivedRates;
import io.fabricpulse.server.rates.LinkContext;
import io.fabricpulse.server.rates.PortRates;
import io.fabricpulse.server.rates.RateWindow;
import io.fabricpulse.server.rates.WindowBuckets;
import io.fabricpulse.server.rates.WindowRates;
import io.fabricpulse.server.rates.XmitWaitTick;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

import static io.fabricpulse.model.ingest.EnumCodes.code;
import static io.fabricpulse.model.ingest.EnumCodes.of;

/**
 * One port of the live fabric, updated in place: its latest report's fields, its rate state and its windows, in
 * objects made once (a field keeps its former object while the report says the same). A sample leaves no object
 * behind that lives until the next one: at 50,000 ports a second, every port's per-sample objects were alive at
 * each young collection and copying them was most of its pause. Views are made when asked: one for the update a
 * sample announces, and one for each read. Thread-safe: every method holds the port's lock (the windows hold their
 * own).
 */
final class LivePort {

    /** PortXmitData and PortRcvData count 4-byte words (docs/FABRIC.md, "Counters"). */
    private static final int BYTES_PER_WORD = 4;
    private static final PortState[] STATES = PortState.values();
    private static final PhysicalState[] PHYSICAL_STATES = PhysicalState.values();
    private static final LinkWidth[] WIDTHS = LinkWidth.values();
    private static final LinkSpeed[] SPEEDS = LinkSpeed.values();
    private static final CounterWidth[] COUNTER_WIDTHS = CounterWidth.values();
    private static final long NONE = Long.MIN_VALUE;
    private static final String[] LINK_LAYERS = {PortReport.INFINIBAND, PortReport.ETHERNET};
    /** Capability bits: the widths' (high half of the int form) above the speeds' in a char. */
    private static final int SPEED_BITS = Character.SIZE - LinkWidth.values().length;
    private static final int SPEEDS_MASK = (1 << SPEED_BITS) - 1;

    static {
        if (LinkSpeed.values().length > SPEED_BITS) {
            throw new ExceptionInInitializerError("the widths' and speeds' bits do not fit 16 bits");
        }
    }

    /** Port numbers (0-254: the ingest refuses others) are a byte each, read unsigned; a LID (16 bits) a char. */
    private final byte portNumber;
    private final WindowBuckets windows = new WindowBuckets();
    private PortRates rates = new PortRates();
    /** The latest sample's collection time, {@link #NONE} before the first (primitives: see {@link #take}). */
    private long sampledSeconds = NONE;
    private int sampledNanos;
    private NodeView node;
    private char lid;
    /* The report's enum fields as {@link EnumCodes}: a byte each where a reference was 4 bytes (24 for the seven). */
    private byte state;
    private byte physicalState;
    private byte widthActive;
    private byte speedActive;
    private String peerGuid;
    private byte peerPort;
    /** 1 InfiniBand, 2 Ethernet, 0 none: the only names the ingest takes ({@link #LINK_LAYERS}). */
    private byte linkLayer;
    private byte counterWidth;
    /** {@link PortView#capabilityBits()}' form in 16 bits each ({@link #packed}): 8 bytes of every port. */
    private char capabilityBits;
    private char peerCapabilityBits;
    private char supportedBits;
    private char siblingBits;
    private List<FieldFault> faults;
    private byte widthCapable;
    private byte speedCapable;
    private LinkContext link = LinkContext.UNKNOWN;

    LivePort(int portNumber) {
        this.portNumber = (byte) portNumber;
    }

    /** The port's node's GUID: its node's, known from the first sample on (null before). */
    synchronized String nodeGuid() {
        return node == null ? null : node.guid();
    }

    /**
     * What one sample changed, for the live fabric to announce.
     *
     * @param resets     the counters that went down since the sample before (none on first sight)
     * @param previousAt collection time of the sample before, null on first sight
     */
    record Taken(PortView view, List<PortCounter> resets, Instant previousAt) {
    }

    /**
     * Takes a sample unless it is not newer than the port's latest (or the stored sample it resumes from).
     *
     * @param resumed the port's stored last sample, null when none is known
     * @return the sample's view and outcome, null when it was not taken
     */
    synchronized Taken take(NodeView node, PortReport port, Instant at, StoredBaselines.Sample resumed,
                            XmitWaitTick tick, SharedLinks links, int capabilityBits, int supportedBits,
                            int siblingBits) {
        Instant latest = sampledAt();
        PortRates base = rates;
        if (resumed != null && (latest == null || resumed.at().isAfter(latest))) {
            latest = resumed.at();
            base = PortRates.resumedFrom(resumed.counters(), resumed.width(), resumed.at(), resumed.saturatedSince());
        }
        if (latest != null && !at.isAfter(latest)) {
            return null;
        }
        // Only what changed is stored: every reference stored into a long-lived object dirties its card, which
        // the next young collection scans, and a reference to a young object (the sample's time) is one more it
        // copies. Times are kept as primitives.
        if (rates != base) {
            rates = base;
        }
        PortRates.Result result = rates.update(port.counters(), port.counterWidth(), at);
        List<PortCounter> resets = List.of();
        if (latest != null) {
            windows.record(latest, at, result);
            if (result.hasResets()) {
                resets = result.resets();
            }
        }
        sampledSeconds = at.getEpochSecond();
        sampledNanos = at.getNano();
        lid = (char) port.lid();
        peerPort = (byte) (port.peer() == null ? 0 : port.peer().portNumber());
        this.capabilityBits = packed(capabilityBits);
        this.peerCapabilityBits = packed(PortView.bits(port.peer() == null ? null : port.peer().capability()));
        this.supportedBits = packed(supportedBits);
        this.siblingBits = packed(siblingBits);
        if (this.node != node) {
            this.node = node;
        }
        state = code(port.state());
        physicalState = code(port.physicalState());
        widthActive = code(port.linkWidthActive());
        speedActive = code(port.linkSpeedActive());
        String reportedPeer = port.peer() == null ? null : port.peer().nodeGuid();
        if (!Objects.equals(peerGuid, reportedPeer)) {
            peerGuid = reportedPeer;
        }
        linkLayer = linkLayerCode(port.linkLayer());
        Double gbps = port.ethernet() ? port.linkRateGbps() : null; // kept in the link context, as its rate
        counterWidth = code(port.counterWidth());
        if (faults != port.faults()) {
            faults = port.faults();
        }
        widthCapable = code(widest(port));
        speedCapable = code(fastest(port));
        LinkWidth width = port.linkWidthActive();
        LinkSpeed speed = port.linkSpeedActive();
        if (link.width() != width || link.speed() != speed || !Objects.equals(link.ethernetGbps(),
                gbps) || !Objects.equals(link.xmitWaitTick(), tick)) { // a tick is made per lookup: equal, not same
            link = links.of(width, speed, gbps, tick);
        }
        return new Taken(makeView(result), resets, latest);
    }

    /** Whether a sample was taken. */
    synchronized boolean hasSample() {
        return sampledSeconds != NONE;
    }

    /**
     * The latest view, made for this read; null before the first sample. Not kept: a view kept until the port's next
     * sample was a few hundred bytes of every port a reader had read (every port, for an exporter's scrape).
     */
    synchronized PortView view() {
        return hasSample() ? makeView(rates.latest()) : null;
    }

    /** The port as exporters read it (its totals a copy); null before the first sample. */
    synchronized ExportedPort exported() {
        PortView latest = view();
        return latest == null ? null
                : new ExportedPort(latest, of(WIDTHS, widthCapable), of(SPEEDS, speedCapable), linkLayer(),
                rates.totals());
    }

    /** The port's rates over {@code window} ending {@code now}. */
    WindowRates window(RateWindow window, Instant now) {
        LinkContext current;
        synchronized (this) {
            current = link;
        }
        return windows.window(window, now, current);
    }

    /** Collection time of the latest sample taken; null before the first. */
    private Instant sampledAt() {
        return hasSample() ? Instant.ofEpochSecond(sampledSeconds, sampledNanos) : null;
    }

    private PortView makeView(PortRates.Result result) {
        double xmitWords = result.perSecond(PortCounter.PortXmitData);
        double rcvWords = result.perSecond(PortCounter.PortRcvData);
        LinkWidth width = of(WIDTHS, widthActive);
        LinkSpeed speed = of(SPEEDS, speedActive);
        return new PortView(node.guid(), node.name(), node.type(), Byte.toUnsignedInt(portNumber), lid,
                of(STATES, state),
                of(PHYSICAL_STATES, physicalState), width == null ? null : width.label(), speed == null ? null : speed.name(),
                peerGuid, Byte.toUnsignedInt(peerPort), result.values(), result.rates(),
                Double.isNaN(xmitWords) ? null : xmitWords * BYTES_PER_WORD,
                Double.isNaN(rcvWords) ? null : rcvWords * BYTES_PER_WORD,
                DerivedRates.of(result::perSecond, link), result.saturated(), sampledAt(), linkLayer(),
                link.ethernetGbps(),
                of(COUNTER_WIDTHS, counterWidth), unpacked(capabilityBits), unpacked(peerCapabilityBits),
                unpacked(supportedBits), unpacked(siblingBits), faults);
    }

    private static LinkWidth widest(PortReport port) {
        LinkWidth widest = null;
        if (port.linkWidthSupported() != null) {
            for (LinkWidth width : port.linkWidthSupported()) {
                if (widest == null || width.lanes() > widest.lanes()) {
                    widest = width;
                }
            }
        }
        return widest;
    }

    private static LinkSpeed fastest(PortReport port) {
        LinkSpeed fastest = null;
        if (port.linkSpeedSupported() != null) {
            for (LinkSpeed speed : port.linkSpeedSupported()) {
                if (fastest == null || speed.laneGbps() > fastest.laneGbps()) {
                    fastest = speed;
                }
            }
        }
        return fastest;
    }

    /** The link layer's code: its place among {@link #LINK_LAYERS} + 1, 0 for none or a name the ingest refuses. */
    private static byte linkLayerCode(String reported) {
        for (int i = 0; i < LINK_LAYERS.length; i++) {
            if (LINK_LAYERS[i].equals(reported)) {
                return (byte) (i + 1);
            }
        }
        return 0;
    }

    private String linkLayer() {
        return linkLayer == 0 ? null : LINK_LAYERS[linkLayer - 1];
    }

    /** Capability bits in {@link PortView#capabilityBits()}' form (widths in the high half) as 16 bits. */
    private static char packed(int bits) {
        return (char) ((bits >>> Character.SIZE) << SPEED_BITS | bits & SPEEDS_MASK);
    }

    /** The int form {@link #packed} was made of. */
    private static int unpacked(char packed) {
        return (packed >>> SPEED_BITS) << Character.SIZE | packed & SPEEDS_MASK;
    }
}
