package io.fabricpulse.agent.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import java.util.Map;

/**
 * The training run behind the agent's ahead-of-time cache (JEP 483/514/515), run once at package time by
 * {@code java -XX:AOTCacheOutput=fabricpulse-agent.aot -cp fabricpulse-agent.jar
 * io.fabricpulse.agent.cli.AotTraining}: what a starting agent loads and links, in one JVM.
 * {@code doctor} binds libibumad through the FFM API (no device needed); {@code run --once} on a
 * simulated two-switch fabric (a node's batch is small; the demo fabric would fill the cache with
 * classes and objects a node never uses) builds a batch, encodes it and posts it over HTTP to a one-request answerer on
 * loopback. The cache then holds those classes already parsed and linked, which is most of an agent's
 * start-up (docs/PERFORMANCE.md, "agent footprint"). Not a product path: nothing here is sent anywhere.
 */
public final class AotTraining {

    private AotTraining() {
    }

    /** Two switches, two hosts, in ibnetdiscover's format (what ibsim and the sim source read). */
    private static final String FABRIC = """
            Switch	8 "leaf-a"
            [1]	"node-1"[1]
            [3]	"leaf-b"[3]

            Switch	8 "leaf-b"
            [1]	"node-2"[1]
            [3]	"leaf-a"[3]

            Hca	2 "node-1"
            [1]	"leaf-a"[1]

            Hca	2 "node-2"
            [1]	"leaf-b"[1]
            """;

    public static void main(String[] args) throws IOException, InterruptedException {
        Path topology = Files.createTempFile("fabricpulse-aot-", ".net");
        Files.writeString(topology, FABRIC);
        PrintWriter quiet = new PrintWriter(Writer.nullWriter());
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answerer = Thread.ofPlatform().daemon().name("aot-training-answerer").start(() -> answerOnce(socket));
            Map<String, String> environment = Map.of();
            AgentMain.execute(environment, Clock.systemUTC(), quiet, quiet, "doctor");
            AgentMain.execute(environment, Clock.systemUTC(), quiet, quiet, "run", "--once", "--source", "sim",
                    "--topology", topology.toString(), "--server", "http://127.0.0.1:" + socket.getLocalPort(), "--token",
                    "aot-training-token-0123456789", "--agent-id", "aot-training", "--interval", "10s");
            answerer.join(10_000);
        } finally {
            Files.deleteIfExists(topology);
        }
    }

    /** Reads one request (headers, then Content-Length bytes of body) and answers 200 as the server does. */
    private static void answerOnce(ServerSocket socket) {
        try (Socket client = socket.accept(); InputStream in = client.getInputStream();
             OutputStream out = client.getOutputStream()) {
            StringBuilder headers = new StringBuilder();
            while (!headers.toString().endsWith("\r\n\r\n")) {
                int b = in.read();
                if (b < 0) {
                    return;
                }
                headers.append((char) b);
            }
            long length = headers.toString().lines().map(l -> l.toLowerCase(Locale.ROOT))
                    .filter(l -> l.startsWith("content-length:"))
                    .mapToLong(l -> Long.parseLong(l.substring("content-length:".length()).strip()))
                    .findFirst().orElse(0);
            in.skipNBytes(length);
            out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
                    .getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
