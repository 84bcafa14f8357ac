package io.fabricpulse.agent.sysfs;

import io.fabricpulse.agent.source.SourceException;
import io.fabricpulse.agent.testing.CapturedLog;
import io.fabricpulse.model.ingest.PortReport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The sysfs source on trees that are missing, empty, or change between polls (built per test in a temp dir). */
class SysfsSourceChangesTest {

    @TempDir
    Path root;

    @Test
    void missingRootSaysSoAndWhatItMeans() {
        Path missing = root.resolve("infiniband");
        SysfsSource source = new SysfsSource(missing);
        assertThatThrownBy(source::poll).isInstanceOf(SourceException.class)
                .hasMessage("no InfiniBand devices under " + missing + ": the directory does not exist"
                        + " (no RDMA driver such as mlx5_ib is loaded, or this host has no InfiniBand/RoCE adapter)");
        assertThat(source.probe().usable()).isFalse();
        assertThat(source.probe().detail()).startsWith("no InfiniBand devices under " + missing);
    }

    @Test
    void emptyRootIsNoDevices() {
        assertThatThrownBy(() -> new SysfsSource(root).poll()).isInstanceOf(SourceException.class)
                .hasMessageStartingWith("no InfiniBand devices under " + root + ": the directory is empty");
    }

    @Test
    void rootThatIsAFileCannotBeListed() throws IOException {
        Path file = Files.writeString(root.resolve("infiniband"), "not a directory");
        assertThatThrownBy(() -> new SysfsSource(file).poll()).isInstanceOf(SourceException.class)
                .hasMessageStartingWith("no InfiniBand devices under " + file + ": cannot list the directory");
    }

    @Test
    void devicesThatCannotBeReadAtAllAreNoDevices() throws IOException {
        Files.createDirectories(root.resolve("mlx5_0"));
        write("mlx5_1/node_guid", "zzzz");
        write("mlx5_1/node_type", "1: CA");
        assertThatThrownBy(() -> new SysfsSource(root).poll()).isInstanceOf(SourceException.class)
                .hasMessage("no InfiniBand devices under " + root
                        + ": none of mlx5_0, mlx5_1 could be read (see the warnings before this)");
    }

    @Test
    void aProblemThatClearsIsReportedAndAReturnIsLoggedAgain() throws Exception {
        writeActivePort("mlx5_0", 1);
        write("mlx5_0/ports/1/counters/symbol_error", "garbage");
        SysfsSource source = new SysfsSource(root);
        try (CapturedLog log = new CapturedLog()) {
            assertThat(port(source).counters()).doesNotContainKey("SymbolErrorCounter");
            assertThat(port(source).counters()).doesNotContainKey("SymbolErrorCounter");
            write("mlx5_0/ports/1/counters/symbol_error", "5");
            assertThat(port(source).counters()).containsEntry("SymbolErrorCounter", 5L);
            assertThat(port(source).counters()).containsEntry("SymbolErrorCounter", 5L);
            write("mlx5_0/ports/1/counters/symbol_error", "-3");
            assertThat(port(source).counters()).doesNotContainKey("SymbolErrorCounter");

            assertThat(log.linesWith("symbol_error")).hasSize(3);
            assertThat(log.linesWith("symbol_error", "WARN", "'garbage'")).hasSize(1);
            assertThat(log.linesWith("symbol_error", "INFO", "readable again")).hasSize(1);
            assertThat(log.linesWith("symbol_error", "WARN", "negative value '-3'")).hasSize(1);
        }
    }

    @Test
    void noIetfTableIsRecognisedByAValueOnly64BitsCanHoldAndStaysSo() throws Exception {
        writeActivePort("mlx5_0", 1);
        write("mlx5_0/ports/1/counters/port_xmit_data", "4000000000");
        SysfsSource source = new SysfsSource(root);
        assertThat(port(source).extendedCounters()).isFalse();

        write("mlx5_0/ports/1/counters/port_xmit_data", "4294967296");
        assertThat(port(source).extendedCounters()).isTrue();
        assertThat(port(source).counters()).containsEntry("PortXmitData", 4294967296L);

        // after a counter clear the value is small again, but the file is still the 64-bit one
        write("mlx5_0/ports/1/counters/port_xmit_data", "17");
        assertThat(port(source).extendedCounters()).isTrue();
    }

    @Test
    void deviceThatAppearsLaterIsReadOnTheNextPoll() throws Exception {
        writeActivePort("mlx5_0", 1);
        SysfsSource source = new SysfsSource(root);
        assertThat(source.poll()).hasSize(1);
        writeActivePort("mlx5_1", 1);
        assertThat(source.poll()).hasSize(2);
    }

    private PortReport port(SysfsSource source) throws SourceException {
        return source.poll().getFirst().ports().getFirst();
    }

    private void writeActivePort(String device, int port) throws IOException {
        write(device + "/node_guid", "0c42:a103:00a1:b2c" + device.charAt(device.length() - 1));
        write(device + "/node_type", "1: CA");
        String dir = device + "/ports/" + port + "/";
        write(dir + "state", "4: ACTIVE");
        write(dir + "phys_state", "5: LinkUp");
        write(dir + "rate", "200 Gb/sec (4X HDR)");
        write(dir + "lid", "0x3");
        write(dir + "sm_lid", "0x1");
        write(dir + "link_layer", "InfiniBand");
    }

    private void write(String path, String content) throws IOException {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content + "\n");
    }
}
