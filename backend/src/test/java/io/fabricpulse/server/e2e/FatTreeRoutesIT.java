package io.fabricpulse.server.e2e;

import io.fabricpulse.agent.testing.FatTreeTopology;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;

import java.nio.file.Path;

/** Issue 24, acceptance 1 on the 648-host fat tree (36 leaves, 18 spines): see {@link IbtracertParity}. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = {
        "fabricpulse.ingest.agent-token=" + ServerTest.AGENT_TOKEN,
        "spring.r2dbc.url=r2dbc:h2:mem:///routes-fat-tree?options=DB_CLOSE_DELAY=-1",
        "fabricpulse.security.admin-password=" + IbtracertParity.ADMIN_PASSWORD_HASH})
class FatTreeRoutesIT extends IbtracertParity {

    @Test
    void theFatTreesRoutesAreIbtracerts(@TempDir Path dir) throws Exception {
        Path topology = FatTreeTopology.write(dir.resolve("fat-tree-648.net"), 36);
        compare(topology, FatTreeTopology.host(1, 1), 36 + FatTreeTopology.DOWN, 36 * FatTreeTopology.DOWN, dir);
    }
}
