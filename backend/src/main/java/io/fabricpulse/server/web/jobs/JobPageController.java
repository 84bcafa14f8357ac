package io.fabricpulse.server.web.jobs;

import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.jobs.JobDetails;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.node.ChartCounter;
import io.fabricpulse.server.web.node.PortSummary;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * {@code GET /jobs/{id}}: one job from the history: when and where it ran, its nodes' ports with their health
 * now and charts of their traffic over the job's run ({@code /js/job-charts.js}), the cables its routes cross,
 * and the alerts that touched it. Reads through the jobs feature, like {@code GET /api/v1/jobs/{id}}.
 */
@Controller
class JobPageController {

    static final String VIEW = "jobs/job";

    private final JobDetails details;
    private final FabricView fabric;
    private final DisplayFormat format;
    private final Clock clock;

    JobPageController(JobDetails details, FabricView fabric, DisplayFormat format, Clock clock) {
        this.details = details;
        this.fabric = fabric;
        this.format = format;
        this.clock = clock;
    }

    @GetMapping("/jobs/{id}")
    Mono<String> job(@PathVariable String id, @RequestParam(name = "cluster", required = false) String cluster,
                     Model model) {
        if (!JobDetails.isJobId(id) || (cluster != null && cluster.length() > 128)) {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "not a scheduler job id such as 4711 or 4700_3");
        }
        return details.detail(id, cluster)
                .switchIfEmpty(Mono.error(() -> new ResponseStatusException(HttpStatus.NOT_FOUND,
                        "no job " + id + " in the history")))
                .map(detail -> {
                    Map<String, NodeView> nodes = fabric.nodes().stream()
                            .collect(Collectors.toMap(NodeView::guid, Function.identity(), (a, b) -> a));
                    Instant end = detail.job().endedAt() != null ? detail.job().endedAt() : clock.instant();
                    model.addAttribute("job", JobLines.job(detail.job(), format));
                    model.addAttribute("data", JobLines.data(detail.data(), format));
                    model.addAttribute("nodes", JobLines.nodes(detail.job(), format));
                    model.addAttribute("ports", detail.ports().stream()
                            .map(port -> new JobLines.Port(port.nodeGuid(), port.nodeName(),
                                    PortSummary.of(port, nodes, format))).toList());
                    model.addAttribute("links", detail.links());
                    model.addAttribute("linkCount", detail.linkCount());
                    model.addAttribute("routes", detail.routes());
                    model.addAttribute("alerts", detail.alerts().stream().map(a -> JobLines.alert(a, format)).toList());
                    model.addAttribute("sameId", detail.sameId().stream().map(j -> JobLines.job(j, format)).toList());
                    model.addAttribute("chartFrom", detail.job().startedAt().toString());
                    model.addAttribute("chartTo", end.toString());
                    model.addAttribute("chartCounters", ChartCounter.ALL);
                    model.addAttribute("chartCounter", ChartCounter.DEFAULT);
                    model.addAttribute("zone", format.zoneLabel());
                    return VIEW;
                });
    }
}
