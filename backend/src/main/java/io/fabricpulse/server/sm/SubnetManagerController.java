package io.fabricpulse.server.sm;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import java.time.Instant;
import java.util.List;

/** {@code GET /api/v1/subnet-managers}: every SM the agents asked, what it answered, who is master. */
@RestController
@RequestMapping("/api/v1")
class SubnetManagerController {

    private final SubnetManagerRegistry registry;

    SubnetManagerController(SubnetManagerRegistry registry) {
        this.registry = registry;
    }

    /**
     * @param masters    the GUIDs of the SMs whose last answer says MASTER (more than one: a split subnet)
     * @param lastAsked  when an agent last asked an SM; null when no agent can (sysfs and sim sources cannot)
     * @param managers   every SM, masters first, those that never answered last
     */
    record SubnetManagers(List<String> masters, Instant lastAsked, List<SubnetManagerView> managers) {
    }

    @GetMapping("/subnet-managers")
    SubnetManagers subnetManagers() {
        List<SubnetManagerView> managers = registry.managers();
        List<String> masters = managers.stream()
                .filter(m -> m.state() == io.fabricpulse.model.ingest.SmState.MASTER && m.error() == null)
                .map(SubnetManagerView::guid).toList();
        return new SubnetManagers(masters, registry.lastAsked(), managers);
    }
}
