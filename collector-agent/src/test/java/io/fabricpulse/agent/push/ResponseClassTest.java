package io.fabricpulse.agent.push;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseClassTest {

    @ParameterizedTest(name = "HTTP {0} -> {1}")
    @CsvSource({
            "200, DELIVERED", "201, DELIVERED", "202, DELIVERED", "204, DELIVERED", "299, DELIVERED",
            "301, MISCONFIGURED", "302, MISCONFIGURED", "307, MISCONFIGURED", "308, MISCONFIGURED",
            "401, MISCONFIGURED", "403, MISCONFIGURED", "404, MISCONFIGURED",
            "400, REJECTED", "405, REJECTED",
            "409, REJECTED", "413, REJECTED", "415, REJECTED", "422, REJECTED",
            "408, RETRY", "429, RETRY",
            "500, RETRY", "502, RETRY", "503, RETRY", "504, RETRY", "599, RETRY",
            "100, RETRY", "600, RETRY", "0, RETRY"})
    void classifiesEveryStatus(int status, ResponseClass expected) {
        assertThat(ResponseClass.of(status)).isEqualTo(expected);
    }
}
