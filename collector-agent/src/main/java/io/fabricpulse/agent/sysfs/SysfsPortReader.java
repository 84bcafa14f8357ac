package io.fabricpulse.agent.sysfs;

import io.fabricpulse.agent.sysfs.SysfsFiles.Presence;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one {@code ports/<n>/} directory. State and physical state are essential (a port without them
 * says nothing reliable and is left out); every other value is skipped alone when its file is bad.
 */
final class SysfsPortReader {

    /** IB_PORT_ACTIVE_DEFER: a kernel-internal state some drivers report for a port that is Active. */
    private static final int ACTIVE_DEFER = 5;

    private final SysfsFiles files;
    private final SysfsCounters counters;

    SysfsPortReader(SysfsFiles files) {
        this.files = files;
        this.counters = new SysfsCounters(files);
    }

    Optional<PortReport> read(Path portDir, int portNumber) {
        Optional<PortState> state = files.parse(portDir.resolve("state"), Presence.REQUIRED, this::portState);
        Optional<PhysicalState> physical =
                files.parse(portDir.resolve("phys_state"), Presence.REQUIRED, this::physicalState);
        if (state.isEmpty() || physical.isEmpty()) {
            return Optional.empty();
        }
        int lid = files.parse(portDir.resolve("lid"), Presence.REQUIRED, SysfsValues::lid)
                .map(SysfsPortReader::assigned).orElse(0);
        int smLid = files.parse(portDir.resolve("sm_lid"), Presence.REQUIRED, SysfsValues::lid).orElse(0);

        // The rate file always holds some width and speed, but for a link that is not up they are
        // leftovers or defaults (a Polling port reads "10 Gb/sec (4X SDR)"), not an active rate.
        LinkRate rate = physical.get() == PhysicalState.LINK_UP
                ? files.parse(portDir.resolve("rate"), Presence.REQUIRED, SysfsValues::rate).orElse(null)
                : null;
        String linkLayer = linkLayer(portDir.resolve("link_layer"));
        // An Ethernet port's "1X EDR" is the kernel's translation of 25GbE, no InfiniBand link: only its Gb/s count.
        boolean ethernet = PortReport.ETHERNET.equals(linkLayer);
        LinkWidth width = rate == null || ethernet ? null : rate.width();
        LinkSpeed speed = rate == null || ethernet ? null : rate.speed();
        Double gbps = rate == null || !ethernet ? null : rate.gbps();

        SysfsCounters.Readout readout = counters.read(portDir);
        return Optional.of(new PortReport(portNumber, lid, smLid, state.get(), physical.get(), width, speed,
                Set.of(), Set.of(), linkLayer, readout.extended(), readout.counters(), null, null, null, null, gbps,
                null));
    }

    /**
     * ConnectX-4 and later show 0xffff in lid while no SM has assigned one; 0xffff is the permissive LID,
     * never a port's own, so it means the same as 0: unassigned.
     */
    private static int assigned(int lid) {
        return lid == 0xFFFF ? 0 : lid;
    }

    private PortState portState(String text) throws BadValueException {
        int code = SysfsValues.code(text);
        PortState state = PortState.ofCode(code == ACTIVE_DEFER ? PortState.ACTIVE.code() : code);
        if (state == null) {
            throw new BadValueException("state",
                    "no port state has code " + code + " (" + SysfsValues.show(text) + ")");
        }
        return state;
    }

    private PhysicalState physicalState(String text) throws BadValueException {
        int code = SysfsValues.code(text);
        PhysicalState state = PhysicalState.ofCode(code);
        if (state == null) {
            throw new BadValueException("state",
                    "no physical state has code " + code + " (" + SysfsValues.show(text) + ")");
        }
        return state;
    }

    /**
     * "InfiniBand" or "Ethernet" (RoCE). Kernels before 2.6.37 have no link_layer file and knew only
     * InfiniBand; "Unknown" (a driver that does not say) and anything else become null.
     */
    private String linkLayer(Path file) {
        if (!Files.exists(file)) {
            return "InfiniBand";
        }
        return files.parse(file, Presence.OPTIONAL, text -> switch (text) {
            case "InfiniBand", "Ethernet" -> text;
            default -> throw new BadValueException("format",
                    "expected InfiniBand or Ethernet, found " + SysfsValues.show(text));
        }).orElse(null);
    }
}
