package io.fabricpulse.server.e2e;

import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Issue 24, acceptance 1 on a fabric of our own: four switches in a ring with a doubled cable, 16 hosts
 * (resources/topologies/ring-of-four.net); see {@link IbtracertParity}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "spring.r2dbc.url=r2dbc:h2:mem:///routes-ring?options=DB_CLOSE_DELAY=-1",
        "fabricpulse.security.admin-password=" + IbtracertParity.ADMIN_PASSWORD_HASH})
class RingRoutesIT extends IbtracertParity {

    @Test
    void aRingsRoutesAreIbtracerts(@TempDir Path dir) throws Exception {
        Path topology = dir.resolve("ring-of-four.net");
        try (InputStream in = getClass().getResourceAsStream("/topologies/ring-of-four.net")) {
            Files.copy(in, topology);
        }
        compare(topology, "n1", 4, 16, dir);
    }
}
