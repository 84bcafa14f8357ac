package io.fabricpulse.server.series.influxdb;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.client.InfluxQLQueryApi;
import com.influxdb.client.domain.InfluxQLQuery;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.query.InfluxQLQueryResult;
import io.fabricpulse.server.series.BucketGrid;
import io.fabricpulse.server.series.CheckResult;
import io.fabricpulse.server.series.PortRate;
import io.fabricpulse.server.series.PortRateSample;
import io.fabricpulse.server.series.PortSeriesKey;
import io.fabricpulse.server.series.RatePoint;
import io.fabricpulse.server.series.RateQuery;
import io.fabricpulse.server.series.RateSeries;
import io.fabricpulse.server.series.SeriesStore;
import io.fabricpulse.server.series.SeriesStoreException;
import io.fabricpulse.server.series.WorstQuery;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Rates in InfluxDB: measurement {@code port_rates} (configurable), tags {@code node_guid} and
 * {@code port}, one float field per series, millisecond timestamps. Points are made by the
 * client's Point API; reads are InfluxQL through the client's InfluxQL API, so one store serves
 * InfluxDB 1.x, 2.x and 3.x. Retention and downsampling are InfluxDB's (its retention policy or
 * bucket); a replayed point simply overwrites itself.
 */
public final class InfluxDbSeriesStore implements SeriesStore {

    private static final Logger log = LoggerFactory.getLogger(InfluxDbSeriesStore.class);
    /** InfluxDB's guidance for one write request: a few thousand lines. */
    static final int POINTS_PER_REQUEST = 5_000;

    private final InfluxDbSeriesProperties properties;
    private final InfluxDBClient client;
    private final InfluxQLQueryApi influxQl;
    private final PointWriter writer;
    private final InfluxQl statements;
    private final AtomicBoolean databaseReady;

    public InfluxDbSeriesStore(InfluxDbSeriesProperties properties) {
        this.properties = properties;
        long timeoutMillis = properties.timeout().toMillis();
        OkHttpClient.Builder http = new OkHttpClient.Builder()
                .protocols(List.of(Protocol.HTTP_1_1))
                .connectTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .readTimeout(timeoutMillis, TimeUnit.MILLISECONDS)
                .writeTimeout(timeoutMillis, TimeUnit.MILLISECONDS);
        String authorization = properties.authorization();
        if (authorization != null) {
            // One header for every server generation: Token for 2.x/3.x/1.8+, basic for 1.x users.
            http.addInterceptor(chain -> chain.proceed(
                    chain.request().newBuilder().header("Authorization", authorization).build()));
        }
        this.client = InfluxDBClientFactory.create(InfluxDBClientOptions.builder()
                .url(properties.url().toString())
                .okHttpClient(http)
                .org(properties.org())
                .bucket(properties.effectiveBucket())
                .build());
        this.influxQl = client.getInfluxQLQueryApi();
        this.writer = switch (properties.writeApi()) {
            case V2 -> new V2PointWriter(client.getWriteApiBlocking(), properties.effectiveBucket(), properties.org());
            case V1 -> new V1PointWriter(properties.url(), properties.database(), properties.retentionPolicy(),
                    authorization, properties.timeout());
        };
        this.statements = new InfluxQl(properties.retentionPolicy(), properties.measurement());
        this.databaseReady = new AtomicBoolean(!properties.createDatabase());
        log.info("InfluxDB series store: {}", properties);
    }

    @Override
    public void write(List<PortRateSample> batch) {
        List<Point> points = new ArrayList<>(batch.size());
        for (PortRateSample sample : batch) {
            if (sample.rates().isEmpty()) {
                continue;
            }
            Point point = Point.measurement(properties.measurement())
                    .addTag(InfluxQl.NODE_GUID, sample.port().nodeGuid())
                    .addTag(InfluxQl.PORT, Integer.toString(sample.port().portNumber()))
                    .time(sample.at().toEpochMilli(), WritePrecision.MS);
            for (Map.Entry<RateSeries, Double> rate : sample.rates().entrySet()) {
                point.addField(rate.getKey().name(), rate.getValue());
            }
            points.add(point);
        }
        if (points.isEmpty()) {
            return;
        }
        ensureDatabase();
        for (int start = 0; start < points.size(); start += POINTS_PER_REQUEST) {
            List<Point> chunk = points.subList(start, Math.min(points.size(), start + POINTS_PER_REQUEST));
            try {
                writer.write(chunk);
            } catch (RuntimeException e) {
                if (describe(e).contains("beyond retention policy")) {
                    // InfluxDB kept the rest; points older than its retention are gone by design, and
                    // retrying them would fail forever.
                    log.warn("InfluxDB dropped points older than its retention policy: {}", e.getMessage());
                    continue;
                }
                throw new SeriesStoreException("writing " + chunk.size() + " points to InfluxDB at " + properties.url()
                        + " failed: " + describe(e), e);
            }
        }
    }

    @Override
    public List<RatePoint> rates(RateQuery query) {
        BucketGrid grid = new BucketGrid(query);
        for (InfluxQLQueryResult.Series series : run(statements.rates(query))) {
            for (InfluxQLQueryResult.Series.Record row : series.getValues()) {
                long startMillis = Long.parseLong(String.valueOf(row.getValues()[0]));
                grid.add(Math.floorDiv(startMillis, 1000), query.stepSeconds(),
                        Double.parseDouble(String.valueOf(row.getValues()[1])));
            }
        }
        return grid.points();
    }

    @Override
    public List<PortRate> worst(WorstQuery query) {
        List<PortRate> ranked = new ArrayList<>();
        for (InfluxQLQueryResult.Series series : run(statements.worst(query))) {
            PortSeriesKey port = portOf(series.getTags());
            if (port == null || series.getValues().isEmpty()) {
                continue;
            }
            ranked.add(new PortRate(port, Double.parseDouble(String.valueOf(series.getValues().getFirst().getValues()[1]))));
        }
        ranked.sort(PortRate.WORST_FIRST);
        return List.copyOf(ranked.subList(0, Math.min(query.limit(), ranked.size())));
    }

    @Override
    public CheckResult check() {
        try {
            if (!Boolean.TRUE.equals(client.ping())) {
                return CheckResult.failed("InfluxDB at " + properties.url() + " does not answer /ping");
            }
            List<String> databases = new ArrayList<>();
            for (InfluxQLQueryResult.Series series : run(InfluxQl.showDatabases())) {
                series.getValues().forEach(row -> databases.add(String.valueOf(row.getValues()[0])));
            }
            if (!databases.contains(properties.database())) {
                return properties.createDatabase() && !databaseReady.get()
                        ? CheckResult.ok("InfluxDB at " + properties.url() + " answers; database "
                        + properties.database() + " will be created on the first write")
                        : CheckResult.failed("InfluxDB at " + properties.url() + " has no database "
                        + properties.database() + " (it has: " + String.join(", ", databases) + ")");
            }
            return CheckResult.ok("InfluxDB at " + properties.url() + " answers; database " + properties.database()
                    + " present");
        } catch (RuntimeException e) {
            return CheckResult.failed("InfluxDB at " + properties.url() + ": " + describe(e));
        }
    }

    @Override
    public void close() {
        writer.close();
        client.close();
    }

    private List<InfluxQLQueryResult.Series> run(String statement) {
        InfluxQLQueryResult result;
        try {
            // CSV rather than JSON: the client's JSON reader fails on series without a name, which
            // is how InfluxDB returns SHOW RETENTION POLICIES.
            result = influxQl.queryCSV(new InfluxQLQuery(statement, properties.database())
                    .setPrecision(InfluxQLQuery.InfluxQLPrecision.MILLISECONDS));
        } catch (RuntimeException e) {
            throw new SeriesStoreException("InfluxQL query to " + properties.url() + " failed: " + describe(e), e);
        }
        List<InfluxQLQueryResult.Series> series = new ArrayList<>();
        if (result != null) {
            result.getResults().forEach(r -> series.addAll(r.getSeries()));
        }
        return series;
    }

    private void ensureDatabase() {
        if (databaseReady.get()) {
            return;
        }
        run(InfluxQl.createDatabase(properties.database(), properties.retentionPolicy(), properties.retention()));
        if (properties.retention() != null) {
            requireRetention();
        }
        databaseReady.set(true);
        log.info("InfluxDB database {} created (or already there) at {}", properties.database(), properties.url());
    }

    /**
     * InfluxDB answers a CREATE that conflicts with an existing policy with an error the client does
     * not pass on, so the outcome is read back: the policy must exist with the configured duration.
     * An existing database keeps its policy; changing it is the operator's decision, not ours.
     */
    private void requireRetention() {
        List<String> found = new ArrayList<>();
        for (InfluxQLQueryResult.Series series : run(InfluxQl.showRetentionPolicies(properties.database()))) {
            for (InfluxQLQueryResult.Series.Record row : series.getValues()) {
                String name = String.valueOf(row.getValueByKey("name"));
                String duration = String.valueOf(row.getValueByKey("duration"));
                boolean isDefault = Boolean.parseBoolean(String.valueOf(row.getValueByKey("default")));
                boolean ours = properties.retentionPolicy() == null ? isDefault : properties.retentionPolicy().equals(name);
                if (ours && InfluxQl.goDuration(duration).equals(properties.retention())) {
                    return;
                }
                found.add(name + " " + duration + (isDefault ? " (default)" : ""));
            }
        }
        throw new SeriesStoreException("InfluxDB database " + properties.database() + " at " + properties.url()
                + " has no retention policy " + (properties.retentionPolicy() == null ? "(default)"
                : properties.retentionPolicy()) + " of " + properties.retention() + "; it has: " + String.join(", ", found)
                + ". Change it in InfluxDB (ALTER RETENTION POLICY) or the configured retention");
    }

    /**
     * The client words errors from its own error format ({@code message}); InfluxDB 1.x answers with
     * {@code error}, which leaves the message empty. The status and body say what happened.
     */
    static String describe(RuntimeException e) {
        if (e instanceof InfluxException influx && influx.status() > 0) {
            String body = influx.errorBody().isEmpty() ? "" : " " + influx.errorBody();
            String hint = influx.status() == 401 || influx.status() == 403
                    ? " (refused credentials: check fabricpulse.series.influxdb.token or username/password)" : "";
            return "HTTP " + influx.status() + (influx.getMessage() == null ? "" : " " + influx.getMessage()) + body
                    + hint;
        }
        return e.getMessage() == null ? e.toString() : e.getMessage();
    }

    /** Tags written by someone else (or by hand) that name no port are not ours to rank. */
    private static PortSeriesKey portOf(Map<String, String> tags) {
        if (tags == null) {
            return null;
        }
        try {
            return new PortSeriesKey(tags.get(InfluxQl.NODE_GUID), Integer.parseInt(tags.get(InfluxQl.PORT)));
        } catch (RuntimeException e) {
            log.debug("ignoring series with tags {}: {}", tags, e.getMessage());
            return null;
        }
    }
}
