package io.fabricpulse.agent.testing;

import io.fabricpulse.agent.umad.EngineSettings;
import io.fabricpulse.agent.umad.UmadLibrary;
import io.fabricpulse.agent.umad.UmadSource;
import tools.jackson.databind.json.JsonMapper;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * Polls the umad source once per stdin line in a child JVM on the simulated fabric and prints
 * the reports as one JSON line, so a test can check what the agent would push.
 */
public final class SourcePollMain {

    private SourcePollMain() {
    }

    public static void main(String[] args) throws Exception {
        JsonMapper json = JsonMapper.builder().build();
        var in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        try (UmadSource source = new UmadSource(UmadLibrary.load(UmadLibrary.DEFAULT_LIBRARY), EngineSettings.DEFAULTS,
                Clock.systemUTC())) {
            while (in.readLine() != null) {
                System.out.println(json.writeValueAsString(source.poll()));
                System.out.println(CommandBatchMain.ERR);
                System.out.println(CommandBatchMain.END + 0);
                System.out.flush();
            }
        }
    }
}
