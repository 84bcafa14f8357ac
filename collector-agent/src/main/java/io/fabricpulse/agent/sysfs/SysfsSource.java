package io.fabricpulse.agent.sysfs;

import io.fabricpulse.agent.logging.OnceLog;
import io.fabricpulse.agent.source.PortSource;
import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.agent.source.SourceProbe;
import io.fabricpulse.agent.sysfs.SysfsFiles.Presence;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.model.ingest.IpoibInterface;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Port data from the kernel's files under {@code /sys/class/infiniband} — the source for hosts where the
 * agent may not open {@code /dev/infiniband/umad*}. Reads every device's identity and every port's
 * state, rate and counters. sysfs cannot see across the cable, so {@link PortReport#peer()} is null.
 * <p>
 * Never throws for a bad file, port or device: those are left out and logged once per file and
 * reason. Throws {@link SourceException} only when nothing at all can be read.
 */
public final class SysfsSource implements PortSource {

    public static final Path DEFAULT_ROOT = Path.of("/sys/class/infiniband");

    /** The kernel's node_desc holds at most 64 bytes; firmware and model strings are shorter still. */
    private static final int MAX_TEXT = 64;
    private static final int MAX_PORT = 255;

    private final Path root;
    private final Path netRoot;
    private final SysfsFiles files;
    private final SysfsPortReader ports;
    private final IpoibInterfaces ipoib;

    /** Reads {@code root} and the network interfaces in its sibling {@code net} ({@code /sys/class/net}). */
    public SysfsSource(Path root) {
        this.root = root;
        this.netRoot = root.resolveSibling("net");
        this.files = new SysfsFiles(new OnceLog(LoggerFactory.getLogger(SysfsSource.class)));
        this.ports = new SysfsPortReader(files);
        this.ipoib = new IpoibInterfaces(files);
    }

    @Override
    public String name() {
        return "sysfs";
    }

    /** The directory read, normally {@link #DEFAULT_ROOT}. */
    public Path root() {
        return root;
    }

    @Override
    public List<NodeReport> poll() throws SourceException {
        List<Path> devices = listDevices();
        Map<String, List<IpoibInterface>> interfaces = ipoib.byDevice(netRoot);
        List<NodeReport> nodes = new ArrayList<>(devices.size());
        for (Path device : devices) {
            List<IpoibInterface> mine = interfaces == null ? null
                    : interfaces.getOrDefault(device.getFileName().toString(), List.of());
            readDevice(device, mine).ifPresent(nodes::add);
        }
        if (nodes.isEmpty()) {
            throw noDevices("none of " + names(devices) + " could be read (see the warnings before this)");
        }
        return List.copyOf(nodes);
    }

    /** Whether this source can read anything on this host now, and what it found or why not. */
    public SourceProbe probe() {
        try {
            List<NodeReport> nodes = poll();
            List<PortReport> all = nodes.stream().flatMap(n -> n.ports().stream()).toList();
            long active = all.stream().filter(p -> p.state() == PortState.ACTIVE).count();
            return SourceProbe.usable(name(), nodes.size() + (nodes.size() == 1 ? " device" : " devices")
                    + " under " + root + ", " + all.size() + (all.size() == 1 ? " port" : " ports")
                    + ", " + active + " Active");
        } catch (SourceException e) {
            return SourceProbe.unusable(name(), e.getMessage());
        }
    }

    private List<Path> listDevices() throws SourceException {
        List<Path> devices;
        try (Stream<Path> entries = Files.list(root)) {
            // Real entries are symlinks into /sys/devices; isDirectory follows them.
            devices = entries.filter(Files::isDirectory).sorted(Comparator.comparing(Path::getFileName)).toList();
        } catch (NoSuchFileException e) {
            throw noDevices("the directory does not exist (no RDMA driver such as mlx5_ib is loaded,"
                    + " or this host has no InfiniBand/RoCE adapter)");
        } catch (IOException e) {
            throw noDevices("cannot list the directory: " + e.getMessage());
        }
        if (devices.isEmpty()) {
            throw noDevices("the directory is empty"
                    + " (the RDMA core is loaded but no adapter driver registered a device)");
        }
        return devices;
    }

    /** @param interfaces the IPoIB interfaces on this device, null when the source cannot see interfaces */
    private Optional<NodeReport> readDevice(Path device, List<IpoibInterface> interfaces) {
        Optional<String> guid = files.parse(device.resolve("node_guid"), Presence.REQUIRED, SysfsSource::guid);
        Optional<NodeType> type = files.parse(device.resolve("node_type"), Presence.REQUIRED, SysfsSource::nodeType);
        if (guid.isEmpty() || type.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new NodeReport(guid.get(),
                files.parse(device.resolve("sys_image_guid"), Presence.OPTIONAL, SysfsSource::guid).orElse(null),
                type.get(),
                text(device.resolve("node_desc")),
                text(device.resolve("hca_type")),
                text(device.resolve("fw_ver")),
                text(device.resolve("board_id")),
                readPorts(device), null, null, null, null, interfaces, null));
    }

    private List<PortReport> readPorts(Path device) {
        Path portsDir = device.resolve("ports");
        List<Path> entries;
        try (Stream<Path> list = Files.list(portsDir)) {
            entries = list.toList();
        } catch (IOException e) {
            files.problem(portsDir, "list", "cannot list ports: "
                    + (e instanceof NoSuchFileException ? "no such directory" : e.getMessage()));
            return List.of();
        }
        files.ok(portsDir);
        List<PortReport> result = new ArrayList<>();
        entries.stream()
                .filter(entry -> isPortNumber(entry.getFileName().toString()))
                .sorted(Comparator.comparingInt(entry -> Integer.parseInt(entry.getFileName().toString())))
                .forEach(entry -> ports.read(entry, Integer.parseInt(entry.getFileName().toString()))
                        .ifPresent(result::add));
        return result;
    }

    private boolean isPortNumber(String name) {
        return name.matches("\\d{1,3}") && Integer.parseInt(name) <= MAX_PORT;
    }

    /** Optional free text: null when missing, unreadable or blank. */
    private String text(Path file) {
        return files.read(file, Presence.OPTIONAL)
                .map(raw -> SysfsValues.text(raw, MAX_TEXT))
                .filter(t -> !t.isEmpty())
                .orElse(null);
    }

    /** "0002:c903:0031:78f0" in the canonical form; the all-zero GUID is what a device without identity shows. */
    private static String guid(String text) throws BadValueException {
        long value;
        try {
            value = Guids.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BadValueException("format", "not a GUID: " + SysfsValues.show(text));
        }
        if (value == 0) {
            throw new BadValueException("zero", "GUID is zero (the device has no identity yet)");
        }
        return Guids.format(value);
    }

    /** node_type: "1: CA", "2: switch", "3: router"; 4-6 are iWARP and usNIC devices, not InfiniBand or RoCE. */
    private static NodeType nodeType(String text) throws BadValueException {
        return switch (SysfsValues.code(text)) {
            case 1 -> NodeType.CA;
            case 2 -> NodeType.SWITCH;
            case 3 -> NodeType.ROUTER;
            default -> throw new BadValueException("type",
                    "node type " + SysfsValues.show(text) + " is not an InfiniBand or RoCE node; device skipped");
        };
    }

    private static String names(List<Path> paths) {
        return String.join(", ", paths.stream().map(p -> p.getFileName().toString()).toList());
    }

    private SourceException noDevices(String reason) {
        return new SourceException("no InfiniBand devices under " + root + ": " + reason);
    }
}
