package io.fabricpulse.server.series.influxdb;

import com.influxdb.client.write.Point;
import io.fabricpulse.server.series.SeriesStoreException;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/**
 * {@code /write} for InfluxDB 1.x, which before 1.8 has no {@code /api/v2/write} and the client has
 * no other write path: the client's {@link Point#toLineProtocol()} makes the lines, java.net.http
 * posts them. Credentials go in the Authorization header (basic for 1.x users, Token for 1.8+).
 */
final class V1PointWriter implements PointWriter {

    private final HttpClient http;
    private final URI endpoint;
    private final String authorization;
    private final Duration timeout;

    V1PointWriter(URI base, String database, String retentionPolicy, String authorization, Duration timeout) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
        StringBuilder query = new StringBuilder("db=").append(encode(database)).append("&precision=ms");
        if (retentionPolicy != null) {
            query.append("&rp=").append(encode(retentionPolicy));
        }
        this.endpoint = base.resolve(stripTrailingSlash(base.getPath()) + "/write?" + query);
        this.authorization = authorization;
        this.timeout = timeout;
    }

    @Override
    public void write(List<Point> points) {
        StringBuilder body = new StringBuilder(points.size() * 128);
        for (Point point : points) {
            body.append(point.toLineProtocol()).append('\n');
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).timeout(timeout)
                .header("Content-Type", "text/plain; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new SeriesStoreException("POST " + endpoint.getPath() + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SeriesStoreException("interrupted while writing to " + endpoint.getPath(), e);
        }
        if (response.statusCode() / 100 != 2) {
            throw new SeriesStoreException("POST " + endpoint.getPath() + " answered HTTP " + response.statusCode()
                    + ": " + response.body().strip());
        }
    }

    @Override
    public void close() {
        http.close();
    }

    static String stripTrailingSlash(String path) {
        return path == null ? "" : path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
