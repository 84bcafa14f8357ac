package io.fabricpulse.server.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;

/**
 * HTTP/1.1 on a bare socket, for the attacks an HTTP client library smooths over: a body written whole
 * before the answer is read, a client that sends one byte at a time, headers that never end.
 */
public final class RawHttp implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    private RawHttp(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = socket.getInputStream();
    }

    public static RawHttp connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
        return new RawHttp(socket);
    }

    public void send(String text) throws IOException {
        send(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    public void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /**
     * Writes {@code bytes} one at a time, waiting {@code gap} for the server between two of them, until
     * all are sent or the server ends the connection.
     *
     * @return when the server ended the connection, null if it never did
     */
    public Instant trickle(byte[] bytes, Duration gap) throws IOException {
        for (byte b : bytes) {
            try {
                out.write(b);
                out.flush();
            } catch (SocketException closed) {
                return Instant.now();
            }
            if (serverClosedWithin(gap)) {
                return Instant.now();
            }
        }
        return null;
    }

    /** Waits up to {@code wait} for the server to close the connection (what it sends meanwhile is read and dropped). */
    public boolean serverClosedWithin(Duration wait) throws IOException {
        Instant end = Instant.now().plus(wait);
        byte[] sink = new byte[4096];
        while (true) {
            long left = Duration.between(Instant.now(), end).toMillis();
            if (left <= 0) {
                return false;
            }
            socket.setSoTimeout((int) Math.max(1, left));
            try {
                if (in.read(sink) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException quiet) {
                return false;
            } catch (SocketException reset) {
                return true;
            }
        }
    }

    /** Everything the server sends until it closes or {@code wait} passes; a reset ends the text where it was. */
    public String answer(Duration wait) throws IOException {
        socket.setSoTimeout((int) wait.toMillis());
        StringBuilder text = new StringBuilder();
        byte[] buffer = new byte[8192];
        try {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                text.append(new String(buffer, 0, read, StandardCharsets.ISO_8859_1));
            }
        } catch (SocketTimeoutException | SocketException ended) {
            // what came before the timeout or the reset is the answer
        }
        return text.toString();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
