package io.fabricpulse.server.state;

import io.r2dbc.spi.Readable;
import io.r2dbc.spi.Result;
import io.r2dbc.spi.Statement;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.BiConsumer;

/** The few conventions every state repository shares, so H2 and PostgreSQL behave the same. */
public final class StateSql {

    private StateSql() {
    }

    /**
     * A time as the state store keeps it: PostgreSQL's timestamps hold microseconds and H2's hold
     * what they are given, so every time is cut to microseconds before it is written; a value read
     * back then equals the value written on both.
     */
    public static Instant stored(Instant time) {
        return time == null ? null : time.truncatedTo(ChronoUnit.MICROS);
    }

    /**
     * Binds one value that may be null (R2DBC needs the type of a null). Times are {@link #stored}. For statements
     * of a few values only: {@code bind} copies every binding made so far, so a multi-row statement bound one value
     * at a time costs the square of its values; gather those with {@link #parameter} and bind them with one
     * {@code bindValues}.
     */
    public static DatabaseClient.GenericExecuteSpec bind(DatabaseClient.GenericExecuteSpec spec, String name,
                                                         Object value, Class<?> type) {
        Object bound = value instanceof Instant time ? stored(time) : value;
        return bound == null ? spec.bindNull(name, type) : spec.bind(name, bound);
    }

    /** A value for {@code bindValues} that may be null, typed for R2DBC; times are {@link #stored}. */
    public static Parameter parameter(Object value, Class<?> type) {
        return Parameter.fromOrEmpty(value instanceof Instant time ? stored(time) : value, type);
    }

    /** A required column: a null here means the schema and the code disagree. */
    public static <T> T required(Readable row, String column, Class<T> type) {
        T value = row.get(column, type);
        if (value == null) {
            throw new IllegalStateException("column " + column + " is null, but the schema says NOT NULL");
        }
        return value;
    }

    /** A required column by position, such as the one value of {@code SELECT COUNT(*)}. */
    public static <T> T required(Readable row, int column, Class<T> type) {
        T value = row.get(column, type);
        if (value == null) {
            throw new IllegalStateException("column " + column + " of the result is null");
        }
        return value;
    }

    /** A generated id: the insert's returned "id" column (drivers differ in its type and case). */
    public static long generatedId(Readable row) {
        return required(row, 0, Number.class).longValue();
    }

    /**
     * Executes one row's statement text ({@code $1}, {@code $2}... parameters) once per row, each row bound by position
     * by {@code bind} (R2DBC's {@code Statement.add()}): the database parses the text once and no named parameters
     * are expanded. A text with a row of named parameters per row was parsed again for every row count, kept in
     * Spring's and H2's statement caches, and bound through a map. In the caller's transaction, if it has one.
     *
     * @return the rows updated
     */
    public static <T> Mono<Long> perRow(DatabaseClient db, String sql, List<T> rows, BiConsumer<Statement, T> bind) {
        if (rows.isEmpty()) {
            return Mono.just(0L);
        }
        return db.inConnectionMany(connection -> {
            Statement statement = connection.createStatement(sql);
            for (int i = 0; i < rows.size(); i++) {
                if (i > 0) {
                    statement.add();
                }
                bind.accept(statement, rows.get(i));
            }
            return Flux.from(statement.execute()).flatMap(Result::getRowsUpdated);
        }).reduce(0L, Long::sum);
    }

    /** Rows per multi-row statement: one round trip for many rows, far below any driver's parameter limit. */
    public static final int ROWS_PER_STATEMENT = 200;

    /** The list cut into pieces of at most {@link #ROWS_PER_STATEMENT}, for multi-row statements. */
    public static <T> List<List<T>> chunks(List<T> items) {
        List<List<T>> chunks = new ArrayList<>();
        for (int from = 0; from < items.size(); from += ROWS_PER_STATEMENT) {
            chunks.add(items.subList(from, Math.min(items.size(), from + ROWS_PER_STATEMENT)));
        }
        return chunks;
    }

    /**
     * The VALUES list of a multi-row statement: {@code (:a0, :b0), (:a1, :b1)} for the parameters
     * {@code a} and {@code b} and two rows; bind each as {@code name + row}, all in one {@code bindValues} call:
     * a 9-column chunk of 200 rows bound one value at a time copied 1.6 million map entries (the pipeline's worker
     * spent half its time there, in a writer's statement it ran when the pool handed it the connection).
     */
    public static String values(int rows, String... parameters) {
        StringJoiner all = new StringJoiner(", ");
        for (int row = 0; row < rows; row++) {
            StringJoiner one = new StringJoiner(", ", "(", ")");
            for (String parameter : parameters) {
                one.add(":" + parameter + row);
            }
            all.add(one.toString());
        }
        return all.toString();
    }

    /** {@code FETCH FIRST n ROWS ONLY}, the standard row limit H2 and PostgreSQL both know. */
    public static String limit(int rows) {
        if (rows < 1) {
            throw new IllegalArgumentException("limit must be at least 1, got " + rows);
        }
        return " FETCH FIRST " + rows + " ROWS ONLY";
    }
}
