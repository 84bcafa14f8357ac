package io.fabricpulse.agent.mad;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Seeded property test: whatever bytes arrive (random, truncated, oversized, or a valid header with
 * random attribute data), checking and decoding a response either succeeds or throws a
 * {@link MadException}; nothing else ever escapes, and every field of every table prints.
 */
class MadDecoderPropertyTest {

    private static final int CASES = 20_000;
    private static final List<MadRequest> REQUESTS = List.of(
            Mads.perfGet(1, MadAttribute.PERF_CLASS_PORT_INFO, 1),
            Mads.perfGet(1, MadAttribute.PORT_COUNTERS, 1),
            Mads.perfGet(1, MadAttribute.PORT_COUNTERS_EXTENDED, 1),
            Mads.smpGet(MadRoute.Directed.of(1), MadAttribute.NODE_INFO, 0),
            Mads.smpGet(new MadRoute.Lid(5), MadAttribute.PORT_INFO, 1),
            Mads.smpGet(new MadRoute.Lid(5), MadAttribute.SWITCH_INFO, 0),
            Mads.smpGet(new MadRoute.Lid(5), MadAttribute.NODE_DESCRIPTION, 0));

    @Test
    void randomBytesOfAnyLengthGiveOnlyTheTypedError() {
        Random random = new Random(20260101L);
        int typedErrors = run(random, r -> {
            int length = switch (random.nextInt(4)) {
                case 0 -> random.nextInt(256);
                case 1 -> 256 + 1 + random.nextInt(2048);
                default -> 256;
            };
            byte[] bytes = new byte[length];
            random.nextBytes(bytes);
            return new Case(REQUESTS.get(random.nextInt(REQUESTS.size())), bytes);
        });
        assertThat(typedErrors).as("random input is almost never a valid answer").isGreaterThan(CASES * 9 / 10);
    }

    @Test
    void validHeadersWithRandomDataDecodeOrFailTyped() {
        Random random = new Random(42L);
        int typedErrors = run(random, r -> {
            MadRequest request = REQUESTS.get(random.nextInt(REQUESTS.size()));
            byte[] mad = MadVectors.responseTo(request);
            byte[] noise = new byte[256 - 64];
            random.nextBytes(noise);
            System.arraycopy(noise, 0, mad, 64, noise.length);
            if (request.attribute() == MadAttribute.NODE_INFO && random.nextInt(10) != 0) {
                mad[64 + 2] = (byte) (1 + random.nextInt(3));
            }
            if (random.nextInt(10) == 0) {
                mad[4 + random.nextInt(2)] = (byte) random.nextInt(256);
            }
            if (random.nextInt(10) == 0) {
                mad = java.util.Arrays.copyOf(mad, random.nextInt(300));
            }
            return new Case(request, mad);
        });
        assertThat(typedErrors).as("most well-formed answers decode").isLessThan(CASES / 2);
    }

    /** Feeds {@link #CASES} generated inputs to every request's decoder; returns how many were rejected. */
    private static int run(Random random, Function<Random, Case> generator) {
        int typedErrors = 0;
        for (int i = 0; i < CASES; i++) {
            Case c = generator.apply(random);
            try {
                decodeEverything(c.request(), c.response());
            } catch (MadException expected) {
                typedErrors++;
            } catch (RuntimeException e) {
                fail("case " + i + " threw " + e + " instead of a MadException", e);
            }
        }
        return typedErrors;
    }

    private static void decodeEverything(MadRequest request, byte[] response) throws MadException {
        MadData data = MadData.of(Mads.checkResponse(request, response));
        List<List<? extends MadField>> tables = List.of(List.of(PortCountersField.values()),
                List.of(PortCountersExtendedField.values()), List.of(PortInfoField.values()),
                List.of(NodeInfoField.values()), List.of(SwitchInfoField.values()),
                List.of(ClassPortInfoField.values()));
        for (List<? extends MadField> table : tables) {
            for (MadField field : table) {
                assertThat(data.line(field)).startsWith(field.label() + ":");
            }
        }
        PortInfo portInfo = PortInfo.decode(data);
        portInfo.activeSpeed();
        portInfo.activeWidth();
        portInfo.supportedSpeeds();
        ClassPortInfo.decode(data).hasExtendedCounters();
        data.nodeDescription();
        if (request.attribute() == MadAttribute.NODE_INFO) {
            NodeInfo.decode(data);
        }
    }

    private record Case(MadRequest request, byte[] response) {
    }
}
