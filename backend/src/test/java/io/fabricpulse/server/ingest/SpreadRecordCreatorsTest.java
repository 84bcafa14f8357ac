package io.fabricpulse.server.ingest;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Records made through the spreading handle come out as Jackson's own call makes them, and fail as it fails. */
class SpreadRecordCreatorsTest {

    public record Sample(String name, long value, List<Integer> ports, Sample inner) {
    }

    public record Checked(int port) {
        public Checked {
            if (port < 0) {
                throw new IllegalArgumentException("port " + port + " is negative");
            }
        }
    }

    /** Says whether the handle made it: {@code spread} is never in the JSON, the constructor sets it. */
    record Witness(String name, Boolean spread) {
        Witness {
            spread = StackWalker.getInstance().walk(frames -> frames.anyMatch(
                    frame -> frame.getClassName().equals(SpreadRecordCreators.class.getName() + "$Spread")));
        }
    }

    private static final ObjectMapper JACKSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).build();
    private static final ObjectMapper SPREAD = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES).addModule(new SpreadRecordCreators()).build();

    @Test
    void aRecordIsMadeAsJacksonMakesIt() {
        String json = """
                {"value": 7, "name": "a", "ports": [1, 2], "inner": {"name": "b", "value": 0}}""";

        Sample spread = SPREAD.readValue(json, Sample.class);

        assertThat(spread).isEqualTo(JACKSON.readValue(json, Sample.class))
                .isEqualTo(new Sample("a", 7, List.of(1, 2), new Sample("b", 0, null, null)));
    }

    @Test
    void aConstructorThatRefusesIsReportedAsJacksonReportsIt() {
        String json = "{\"port\": -1}";

        ValueInstantiationException spread = catchThrowableOfType(ValueInstantiationException.class,
                () -> SPREAD.readValue(json, Checked.class));
        ValueInstantiationException jackson = catchThrowableOfType(ValueInstantiationException.class,
                () -> JACKSON.readValue(json, Checked.class));

        assertThat(spread.getOriginalMessage()).isEqualTo(jackson.getOriginalMessage()).contains("port -1 is negative");
        assertThat(spread.getCause()).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aMissingPrimitiveIsStillRefused() {
        assertThatThrownBy(() -> SPREAD.readValue("{\"name\": \"a\", \"value\": null}", Sample.class))
                .hasMessageContaining("value");
    }

    @Test
    void theHandleMakesTheRecordEvenWhenItIsNotPublic() {
        // Jackson has made the constructor accessible, so the public lookup reaches a package-private record too.
        Witness spread = SPREAD.readValue("{\"name\": \"x\"}", Witness.class);
        Witness jackson = JACKSON.readValue("{\"name\": \"x\"}", Witness.class);

        assertThat(spread.name()).isEqualTo(jackson.name()).isEqualTo("x");
        assertThat(spread.spread()).isTrue();
        assertThat(jackson.spread()).isFalse();
    }
}
