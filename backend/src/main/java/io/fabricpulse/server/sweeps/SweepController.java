package io.fabricpulse.server.sweeps;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/v1/sweeps} (viewers and read tokens): which discover agent sweeps which switch. */
@RestController
class SweepController {

    private final SweepShards shards;

    SweepController(SweepShards shards) {
        this.shards = shards;
    }

    @GetMapping("/api/v1/sweeps")
    SweepsView sweeps() {
        return shards.view();
    }
}
