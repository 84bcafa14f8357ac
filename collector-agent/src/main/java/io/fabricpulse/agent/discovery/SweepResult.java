package io.fabricpulse.agent.discovery;

import java.time.Duration;
import java.util.List;

/**
 * What one sweep read.
 *
 * @param samples  the ports read, in plan order
 * @param failed   ports left out because a request about them got no usable answer
 * @param problems the first few reasons, one line each
 * @param elapsed  from the first request to the last answer
 */
public record SweepResult(List<PortSample> samples, int failed, List<String> problems, Duration elapsed) {

    public SweepResult {
        samples = List.copyOf(samples);
        problems = List.copyOf(problems);
    }
}
