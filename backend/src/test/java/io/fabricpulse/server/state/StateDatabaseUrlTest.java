package io.fabricpulse.server.state;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class StateDatabaseUrlTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            r2dbc:h2:file:///./data/fabricpulse?options=DB_CLOSE_ON_EXIT=FALSE | jdbc:h2:file:./data/fabricpulse;DB_CLOSE_ON_EXIT=FALSE
            r2dbc:h2:file:////var/lib/fabricpulse/state                        | jdbc:h2:file:/var/lib/fabricpulse/state
            r2dbc:h2:mem:///tests?options=DB_CLOSE_DELAY=-1;MODE=Regular         | jdbc:h2:mem:tests;DB_CLOSE_DELAY=-1;MODE=Regular
            r2dbc:pool:h2:mem:///pooled                                         | jdbc:h2:mem:pooled
            r2dbc:postgresql://db.example/fabricpulse                           | jdbc:postgresql://db.example/fabricpulse
            r2dbc:postgresql://db.example:5433/fabricpulse?sslMode=verify-full&schema=fp&applicationName=fabricpulse | jdbc:postgresql://db.example:5433/fabricpulse?sslmode=verify-full&currentSchema=fp&ApplicationName=fabricpulse
            r2dbc:pool:postgresql://10.0.0.5:5432/state                          | jdbc:postgresql://10.0.0.5:5432/state
            """)
    void theJdbcUrlNamesTheSameDatabase(String r2dbc, String jdbc) {
        assertThat(StateDatabaseUrl.parse(r2dbc).jdbcUrl()).isEqualTo(jdbc);
    }

    @Test
    void anH2FileIsReportedWithItsAbsolutePath() {
        StateDatabaseUrl url = StateDatabaseUrl.parse("r2dbc:h2:file:///./data/fabricpulse");

        assertThat(url.where()).isEqualTo(Path.of("data/fabricpulse.mv.db").toAbsolutePath().toString());
        assertThat(url.inMemory()).isFalse();
        assertThat(StateDatabaseUrl.parse("r2dbc:h2:file:///~/fp/state").where())
                .isEqualTo(Path.of(System.getProperty("user.home"), "fp", "state.mv.db").toString());
        assertThat(StateDatabaseUrl.parse("r2dbc:h2:mem:///x").inMemory()).isTrue();
        assertThat(StateDatabaseUrl.parse("r2dbc:postgresql://db:5433/fp").where()).isEqualTo("PostgreSQL db:5433/fp");
    }

    @Test
    void credentialsInTheUrlAreKeptButNeverPrinted() {
        StateDatabaseUrl url = StateDatabaseUrl.parse("r2dbc:postgresql://fabricpulse:p%40ss@db:5432/fp");

        assertThat(url.user()).isEqualTo("fabricpulse");
        assertThat(url.password()).isEqualTo("p@ss");
        assertThat(url.jdbcUrl()).isEqualTo("jdbc:postgresql://db:5432/fp");
        assertThat(url.toString()).doesNotContain("p@ss").doesNotContain("p%40ss");
        assertThat(StateDatabaseUrl.redacted("r2dbc:postgresql://u:secret@db/fp")).isEqualTo("r2dbc:postgresql://u:***@db/fp");
    }

    @Test
    void whatCannotBeCarriedOverToJdbcIsRefusedWithAdvice() {
        assertThatThrownBy(() -> StateDatabaseUrl.parse("r2dbc:postgresql://db/fp?options=search_path%3Dx"))
                .hasMessageStartingWith("spring.r2dbc.url has the option 'options'")
                .hasMessageContaining("set spring.flyway.url");
        assertThatThrownBy(() -> StateDatabaseUrl.parse("r2dbc:mysql://db/fp"))
                .hasMessageContaining("supports H2 and PostgreSQL").hasMessageContaining("'mysql'");
        assertThatThrownBy(() -> StateDatabaseUrl.parse("r2dbc:h2:tcp://db/fp"))
                .hasMessageContaining("'file' or 'mem' mode only, got 'tcp'");
        assertThatThrownBy(() -> StateDatabaseUrl.parse("jdbc:postgresql://db/fp"))
                .hasMessageStartingWith("spring.r2dbc.url is not an R2DBC URL");
        assertThatThrownBy(() -> StateDatabaseUrl.parse("r2dbc:postgresql://u:secret@/fp"))
                .hasMessageContaining("names no PostgreSQL host").hasMessageNotContaining("secret");
    }
}
