package io.fabricpulse.agent.push;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class ResponseClassTest {

    @ParameterizedTest(name = "HTTP {0} -> {1}")
    @CsvSource({
            "200, DELIVERED", "201, DELIVERED", "202, DELIVERED", "204, DELIVERED", "299, DELIVERED",
            "301, REJECTED", "302, REJECTED", "307, REJECTED", "308, REJECTED",
            "400, REJECTED", "401, REJECTED", "403, REJECTED", "404, REJECTED", "405, REJECTED",
            "409, REJECTED", "413, REJECTED", "415, REJECTED", "422, REJECTED",
            "408, RETRY", "429, RETRY",
            "500, RETRY", "502, RETRY", "503, RETRY", "504, RETRY", "599, RETRY",
            "100, RETRY", "600, RETRY", "0, RETRY"})
    void classifiesEveryStatus(int status, ResponseClass expected) {
        assertThat(ResponseClass.of(status)).isEqualTo(expected);
    }
}
