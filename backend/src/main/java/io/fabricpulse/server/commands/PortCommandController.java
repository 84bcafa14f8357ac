package io.fabricpulse.server.commands;

import io.fabricpulse.model.command.CommandKind;
import io.fabricpulse.model.ingest.Guids;
import io.fabricpulse.server.fabric.FabricView;
import io.fabricpulse.server.fabric.PortView;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.CurrentActor;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.List;

/**
 * Orders on a port: {@code POST /api/v1/ports/{guid}/{port}/clear} (operators, tokens with the ack scope) clears
 * its counters, and with {@code "bothEnds": true} the far end's too; {@code POST .../state} (admins) disables,
 * enables or bounces it; {@code GET .../commands} lists the port's orders. 202 with the orders queued; 200 when
 * each joined an order already open (executed once).
 */
@RestController
@RequestMapping("/api/v1/ports/{guid}/{port}")
class PortCommandController {

    static final int LIST_LIMIT = 50;

    private final PortCommands commands;
    private final FabricView fabric;

    PortCommandController(PortCommands commands, FabricView fabric) {
        this.commands = commands;
        this.fabric = fabric;
    }

    /** Body of a clear: why (required, audited), and whether the far end of the cable is cleared too. */
    record ClearRequest(String reason, Boolean bothEnds) {
    }

    /** The orders a request made or joined. */
    record Ordered(List<CommandView> commands) {
    }

    @PostMapping("/clear")
    Mono<ResponseEntity<Ordered>> clear(@PathVariable String guid, @PathVariable String port,
                                        @RequestBody(required = false) ClearRequest body) {
        PortKey key = PortKey.parse(guid, port);
        String reason = body == null ? null : body.reason();
        List<PortKey> ends = new ArrayList<>(List.of(key));
        if (body != null && Boolean.TRUE.equals(body.bothEnds())) {
            PortView view = fabric.port(key.guid(), key.port()).orElseThrow(() -> new ProblemException(
                    ProblemType.NOT_FOUND, "no port " + key.guid() + "/" + key.port() + " has been reported"));
            if (view.peerGuid() == null || view.peerPort() == 0) {
                throw new ProblemException(ProblemType.CONFLICT, "port " + key.guid() + "/" + key.port()
                        + " has no known far end to clear as well");
            }
            ends.add(new PortKey(view.peerGuid(), view.peerPort()));
        }
        // Every end is checked before any is queued: a far end no agent reaches refuses the whole action.
        ends.forEach(end -> commands.check(end.guid(), end.port(), reason));
        return CurrentActor.name().flatMap(actor -> Flux.fromIterable(ends)
                .concatMap(end -> commands.request(CommandKind.CLEAR_COUNTERS, end.guid(), end.port(), reason, actor))
                .collectList()
                .map(made -> ResponseEntity.status(made.stream().allMatch(PortCommands.Requested::joined)
                                ? HttpStatus.OK : HttpStatus.ACCEPTED)
                        .body(new Ordered(made.stream().map(r -> CommandView.of(r.command())).toList()))));
    }

    /** Body of a state change: {@code disable}, {@code enable} or {@code bounce}, and why (required, audited). */
    record StateRequest(String action, String reason) {
    }

    /** Admins only (the access table): takes a port, and the host behind it, off the fabric or back. */
    @PostMapping("/state")
    Mono<ResponseEntity<Ordered>> state(@PathVariable String guid, @PathVariable String port,
                                        @RequestBody(required = false) StateRequest body) {
        PortKey key = PortKey.parse(guid, port);
        String action = body == null || body.action() == null ? "" : body.action();
        CommandKind kind = switch (action) {
            case "disable" -> CommandKind.PORT_DISABLE;
            case "enable" -> CommandKind.PORT_ENABLE;
            case "bounce" -> CommandKind.PORT_BOUNCE;
            default -> throw new ProblemException(ProblemType.INVALID_REQUEST,
                    "action must be disable, enable or bounce");
        };
        return CurrentActor.name().flatMap(actor -> commands.request(kind, key.guid(), key.port(),
                        body.reason(), actor))
                .map(made -> ResponseEntity.status(made.joined() ? HttpStatus.OK : HttpStatus.ACCEPTED)
                        .body(new Ordered(List.of(CommandView.of(made.command())))));
    }

    @GetMapping("/commands")
    Mono<List<CommandView>> list(@PathVariable String guid, @PathVariable String port) {
        PortKey key = PortKey.parse(guid, port);
        return commands.ofPort(key.guid(), key.port(), LIST_LIMIT).map(CommandView::of).collectList();
    }

    /** A port named in a path: a node GUID in any spelling and a port number. */
    record PortKey(String guid, int port) {

        static PortKey parse(String guid, String port) {
            String canonical;
            try {
                canonical = Guids.format(Guids.parse(guid.strip()));
            } catch (IllegalArgumentException e) {
                throw new ProblemException(ProblemType.INVALID_REQUEST, "'" + shown(guid)
                        + "' is not a node GUID: write 0x and up to 16 hex digits");
            }
            int number;
            try {
                number = Integer.parseInt(port.strip());
            } catch (NumberFormatException e) {
                number = -1;
            }
            if (number < 0 || number > 255) {
                throw new ProblemException(ProblemType.INVALID_REQUEST, "'" + shown(port)
                        + "' is not a port number from 0 to 255");
            }
            return new PortKey(canonical, number);
        }

        private static String shown(String text) {
            return text.length() > 40 ? text.substring(0, 40) + "…" : text;
        }
    }
}
