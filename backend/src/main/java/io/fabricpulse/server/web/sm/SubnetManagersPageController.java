package io.fabricpulse.server.web.sm;

import io.fabricpulse.model.ingest.SmState;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.sm.SubnetManagerRegistry;
import io.fabricpulse.server.sm.SubnetManagerView;
import io.fabricpulse.server.web.DisplayFormat;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code GET /subnet-managers}: every SM the agents asked, masters first (the JSON is {@code /api/v1/subnet-managers}). */
@Controller
class SubnetManagersPageController {

    static final String VIEW = "sm/subnet-managers";

    private final SubnetManagerRegistry registry;
    private final FabricView fabric;

    SubnetManagersPageController(SubnetManagerRegistry registry, FabricView fabric) {
        this.registry = registry;
        this.fabric = fabric;
    }

    @GetMapping("/subnet-managers")
    String subnetManagers(Model model) {
        List<SubnetManagerView> managers = registry.managers();
        Map<Integer, PortView> byLid = new HashMap<>();
        if (!managers.isEmpty()) {
            fabric.ports().forEach(p -> byLid.putIfAbsent(p.lid(), p));
        }
        model.addAttribute("managers", managers.stream().map(m -> line(m, byLid.get(m.lid()))).toList());
        model.addAttribute("masters", managers.stream()
                .filter(m -> m.state() == SmState.MASTER && m.error() == null).map(SubnetManagerView::guid).toList());
        model.addAttribute("lastAsked", registry.lastAsked());
        return VIEW;
    }

    private static SubnetManagerLine line(SubnetManagerView sm, PortView port) {
        String runsOn = port == null || sm.lid() == 0 ? DisplayFormat.MISSING : port.nodeName() + " port " + port.portNumber();
        String state;
        if (sm.guid() == null) {
            state = DisplayFormat.MISSING;
        } else if (sm.state() == null) {
            state = "reserved";
        } else {
            state = switch (sm.state()) {
                case MASTER -> "MASTER";
                case STANDBY -> "STANDBY";
                case DISCOVERING -> "DISCOVERING";
                case NOT_ACTIVE -> "NOT ACTIVE";
            };
        }
        String problem = sm.error() != null ? sm.error() : sm.faults() == null ? ""
                : sm.faults().stream().map(f -> f.field() + " " + f.value() + ": " + f.problem())
                .collect(Collectors.joining("; "));
        return new SubnetManagerLine(sm, runsOn, state, problem);
    }
}
