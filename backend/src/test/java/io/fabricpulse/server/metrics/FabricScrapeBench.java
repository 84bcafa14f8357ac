package io.fabricpulse.server.metrics;

import io.fabricpulse.model.ingest.IngestBatch;
import io.fabricpulse.model.ingest.LinkSpeed;
import io.fabricpulse.model.ingest.LinkWidth;
import io.fabricpulse.model.ingest.NodeReport;
import io.fabricpulse.model.ingest.NodeType;
import io.fabricpulse.model.ingest.PeerPort;
import io.fabricpulse.model.ingest.PhysicalState;
import io.fabricpulse.model.ingest.PortCounter;
import io.fabricpulse.model.ingest.PortReport;
import io.fabricpulse.model.ingest.PortState;
import io.fabricpulse.server.fabric.LiveFabric;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One scrape of {@code /metrics/fabric} at 50,000 ports, through the real server and HTTP, as Prometheus
 * does it: time to the last byte and bytes, plain and gzip. Not a test (the name keeps it out of the normal
 * runs; it asserts no time). Run it with
 * {@code ./mvnw -B -q -pl backend -am test -Dsurefire.failIfNoSpecifiedTests=false -Dtest=FabricScrapeBench}
 * ({@code -Dbench.ports=50000 -Dbench.scrapes=3}); figures go to stdout and backend/target/fabric-scrape-bench.md.
 */
@Tag("bench")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.security.admin-password=" + FabricScrapeBench.PASSWORD,
        "fabricpulse.data-dir=${java.io.tmpdir}/fabricpulse-scrape-bench",
        "spring.r2dbc.url=r2dbc:h2:mem:///scrape-bench?options=DB_CLOSE_DELAY=-1"})
class FabricScrapeBench {

    static final String PASSWORD = "scrape-bench-admin-password";
    private static final int PORTS_PER_SWITCH = 36;
    private static final Instant T0 = Instant.now().minusSeconds(30);

    @LocalServerPort
    int port;
    @Autowired
    LiveFabric fabric;

    @Test
    void oneScrape() throws Exception {
        int ports = Integer.getInteger("bench.ports", 50_000);
        int scrapes = Integer.getInteger("bench.scrapes", 3);
        int switches = (ports + PORTS_PER_SWITCH - 1) / PORTS_PER_SWITCH;
        for (int round = 0; round < 2; round++) {
            for (int first = 0; first < switches; first += 50) {
                fabric.apply(batch(first, Math.min(switches, first + 50), round));
            }
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        StringBuilder report = new StringBuilder("| run | encoding | seconds | bytes on the wire | series lines |\n"
                + "|---|---|---|---|---|\n");
        scrape(http, false); // warm-up: JIT
        List<Double> plain = new ArrayList<>();
        List<Double> gzip = new ArrayList<>();
        for (int run = 1; run <= scrapes; run++) {
            for (boolean compressed : new boolean[]{false, true}) {
                long started = System.nanoTime();
                long[] result = scrape(http, compressed);
                double seconds = (System.nanoTime() - started) / 1e9;
                (compressed ? gzip : plain).add(seconds);
                report.append("| %d | %s | %.2f | %,d | %,d |%n".formatted(run, compressed ? "gzip" : "identity", seconds,
                        result[0], result[1]));
            }
        }
        String load = Files.readString(Path.of("/proc/loadavg")).strip();
        report.append(("%n%d ports (%d switches x %d), all 21 counters, every metric group, port scope. "
                + "Median seconds: identity %.2f, gzip %.2f (spread %.2f-%.2f, %.2f-%.2f). /proc/loadavg: %s%n")
                .formatted(switches * PORTS_PER_SWITCH, switches, PORTS_PER_SWITCH, median(plain), median(gzip),
                        min(plain), max(plain), min(gzip), max(gzip), load));
        System.out.println(report);
        Files.writeString(Path.of("target", "fabric-scrape-bench.md"), report);
    }

    /** Bytes received and series lines (identity only), reading the body as Prometheus would. */
    private long[] scrape(HttpClient http, boolean gzip) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + FabricMetricsController.PATH))
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(("admin:" + PASSWORD)
                        .getBytes(StandardCharsets.UTF_8)))
                .header("Accept", "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5");
        if (gzip) {
            request.header("Accept-Encoding", "gzip");
        }
        HttpResponse<InputStream> response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("scrape answered " + response.statusCode());
        }
        byte[] buffer = new byte[1 << 16];
        long bytes = 0;
        long lines = 0;
        try (InputStream in = response.body()) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                bytes += n;
                if (!gzip) {
                    for (int i = 0; i < n; i++) {
                        if (buffer[i] == '\n') {
                            lines++;
                        }
                    }
                }
            }
        }
        return new long[]{bytes, lines};
    }

    private static IngestBatch batch(int firstSwitch, int endSwitch, int round) {
        List<NodeReport> nodes = new ArrayList<>();
        for (int s = firstSwitch; s < endSwitch; s++) {
            List<PortReport> ports = new ArrayList<>();
            for (int p = 1; p <= PORTS_PER_SWITCH; p++) {
                Map<String, Long> counters = new HashMap<>();
                for (PortCounter counter : PortCounter.values()) {
                    counters.put(counter.ibaName(), (long) (round + 1) * (s + p + counter.ordinal()) * 1000L);
                }
                ports.add(new PortReport(p, s + 1, 1, PortState.ACTIVE, PhysicalState.LINK_UP, LinkWidth.X4,
                        LinkSpeed.HDR, EnumSet.of(LinkWidth.X4), EnumSet.of(LinkSpeed.HDR), "InfiniBand", true, counters,
                        new PeerPort(guid(s ^ 1), p)));
            }
            nodes.add(new NodeReport(guid(s), guid(s), NodeType.SWITCH, "MF0;leaf%05d:MQM8700/U1".formatted(s),
                    null, "27.2010.6102", null, ports));
        }
        return new IngestBatch(IngestBatch.SCHEMA_VERSION, "scrape-bench-" + firstSwitch, round + 1,
                T0.plusSeconds(10L * round), "sim", nodes);
    }

    private static String guid(int s) {
        return "0x%016x".formatted(0x0c42_a103_0000_0000L + s);
    }

    private static double median(List<Double> values) {
        double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    private static double min(List<Double> values) {
        return Arrays.stream(values.stream().mapToDouble(Double::doubleValue).toArray()).min().orElse(Double.NaN);
    }

    private static double max(List<Double> values) {
        return Arrays.stream(values.stream().mapToDouble(Double::doubleValue).toArray()).max().orElse(Double.NaN);
    }
}
