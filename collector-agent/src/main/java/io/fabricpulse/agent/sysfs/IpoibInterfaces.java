package io.fabricpulse.agent.sysfs;

import io.fabricpulse.agent.sysfs.SysfsFiles.Presence;
import io.fabricpulse.model.ingest.IpoibInterface;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The host's IP-over-InfiniBand interfaces from {@code /sys/class/net}: those whose {@code type} is 32
 * (ARPHRD_INFINIBAND), with their {@code mode} (datagram or connected), {@code mtu}, {@code operstate}, and
 * the RDMA device and port they run on ({@code device/infiniband/<name>}, {@code dev_port} counted from 0).
 */
final class IpoibInterfaces {

    /** ARPHRD_INFINIBAND in include/uapi/linux/if_arp.h. */
    private static final int ARPHRD_INFINIBAND = 32;
    private static final int MAX_TEXT = 32;

    private final SysfsFiles files;

    IpoibInterfaces(SysfsFiles files) {
        this.files = files;
    }

    /** By RDMA device name; null when {@code netRoot} cannot be listed (the source cannot see interfaces). */
    Map<String, List<IpoibInterface>> byDevice(Path netRoot) {
        List<Path> entries;
        try (Stream<Path> list = Files.list(netRoot)) {
            entries = list.sorted(Comparator.comparing(Path::getFileName)).toList();
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            files.problem(netRoot, "list", "cannot list network interfaces: " + e.getMessage());
            return null;
        }
        Map<String, List<IpoibInterface>> byDevice = new HashMap<>();
        for (Path dir : entries) {
            boolean infiniband = files.parse(dir.resolve("type"), Presence.OPTIONAL, SysfsValues::decimal)
                    .map(type -> type == ARPHRD_INFINIBAND).orElse(false);
            if (!infiniband) {
                continue;
            }
            Optional<String> device = rdmaDevice(dir);
            int port = files.parse(dir.resolve("dev_port"), Presence.OPTIONAL, SysfsValues::decimal)
                    .map(index -> (int) (index + 1)).orElse(0);
            int mtu = files.parse(dir.resolve("mtu"), Presence.OPTIONAL, SysfsValues::decimal)
                    .map(Long::intValue).orElse(0);
            IpoibInterface ipoib = new IpoibInterface(dir.getFileName().toString(), device.orElse(null), port,
                    text(dir.resolve("mode")), mtu, text(dir.resolve("operstate")));
            byDevice.computeIfAbsent(device.orElse(""), d -> new ArrayList<>()).add(ipoib);
        }
        return byDevice;
    }

    /** The one entry of {@code device/infiniband/}: the RDMA device the interface sits on. */
    private static Optional<String> rdmaDevice(Path netDir) {
        try (Stream<Path> list = Files.list(netDir.resolve("device").resolve("infiniband"))) {
            return list.map(p -> p.getFileName().toString()).sorted().findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private String text(Path file) {
        return files.read(file, Presence.OPTIONAL).map(raw -> SysfsValues.text(raw, MAX_TEXT))
                .filter(t -> !t.isEmpty()).orElse(null);
    }
}
