package io.fabricpulse.server.notify.webhook;

import io.fabricpulse.server.notify.OutboundAddresses;
import io.fabricpulse.server.notify.WebhookDirectory;
import io.fabricpulse.server.notify.WebhookTarget;
import io.fabricpulse.server.notify.outbox.SendResult;
import io.fabricpulse.server.problem.ProblemException;
import io.fabricpulse.server.problem.ProblemType;
import io.fabricpulse.server.security.audit.AuditEntry;
import io.fabricpulse.server.security.audit.AuditLogRepository;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import java.net.URI;
import java.security.Principal;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /api/v1/webhooks}: list, show, add, change, switch on and off, delete and test webhooks. Webhooks
 * from the configuration are listed and can be tested but not changed. Every change is in the audit log,
 * without the secret or the URL's path.
 */
@RestController
@RequestMapping("/api/v1/webhooks")
class WebhookController {

    private final WebhookRepository stored;
    private final WebhookDirectory webhooks;
    private final WebhookTester tester;
    private final AuditLogRepository audit;
    private final TransactionalOperator transaction;
    private final JsonMapper json;
    private final Clock clock;
    private final OutwardOnly outward;

    WebhookController(WebhookRepository stored, WebhookDirectory webhooks, WebhookTester tester, AuditLogRepository audit,
                      TransactionalOperator transaction, JsonMapper json, Clock clock, OutboundAddresses addresses) {
        this.outward = new OutwardOnly(addresses);
        this.stored = stored;
        this.webhooks = webhooks;
        this.tester = tester;
        this.audit = audit;
        this.transaction = transaction;
        this.json = json;
        this.clock = clock;
    }

    @GetMapping
    Flux<WebhookView> list() {
        return webhooks.all().map(WebhookView::of);
    }

    @GetMapping("/{id}")
    Mono<WebhookView> show(@PathVariable String id) {
        return existing(id).map(WebhookView::of);
    }

    @PostMapping
    Mono<ResponseEntity<WebhookView>> create(@RequestBody(required = false) Mono<String> body, Principal user) {
        return body.defaultIfEmpty("").map(text -> WebhookInput.parse(text, json, null))
                .flatMap(outward::check)
                .flatMap(input -> stored.insert(input.name(), input.spec(), clock.instant())
                        .flatMap(created -> record(user, "webhook.create", created).thenReturn(created))
                        .as(transaction::transactional))
                .map(created -> ResponseEntity.created(URI.create("/api/v1/webhooks/" + created.key()))
                        .body(WebhookView.of(created)));
    }

    @PutMapping("/{id}")
    Mono<WebhookView> replace(@PathVariable String id, @RequestBody(required = false) Mono<String> body, Principal user) {
        return changeable(id).flatMap(current -> body.defaultIfEmpty("")
                .map(text -> WebhookInput.parse(text, json, current.spec()))
                .flatMap(outward::check)
                .flatMap(input -> {
                    WebhookTarget changed = new WebhookTarget(current.key(), input.name(), input.spec(), false,
                            current.enabled());
                    return stored.update(Long.parseLong(id), input.name(), input.spec(), clock.instant())
                            .then(record(user, "webhook.update", changed))
                            .thenReturn(WebhookView.of(changed))
                            .as(transaction::transactional);
                }));
    }

    @DeleteMapping("/{id}")
    Mono<ResponseEntity<Void>> delete(@PathVariable String id, Principal user) {
        return changeable(id).flatMap(current -> stored.delete(Long.parseLong(id))
                        .then(record(user, "webhook.delete", current))
                        .as(transaction::transactional))
                .thenReturn(ResponseEntity.noContent().build());
    }

    /** Switches a webhook on: notices are queued for it again. Idempotent. */
    @PostMapping("/{id}/enable")
    Mono<WebhookView> enable(@PathVariable String id, Principal user) {
        return switchTo(id, true, user);
    }

    /** Switches a webhook off without deleting it: no new notices are queued for it. Idempotent. */
    @PostMapping("/{id}/disable")
    Mono<WebhookView> disable(@PathVariable String id, Principal user) {
        return switchTo(id, false, user);
    }

    private Mono<WebhookView> switchTo(String id, boolean on, Principal user) {
        return changeable(id).flatMap(current -> stored.setEnabled(Long.parseLong(id), on, clock.instant())
                .then(record(user, on ? "webhook.enable" : "webhook.disable", current.withEnabled(on)))
                .thenReturn(WebhookView.of(current.withEnabled(on)))
                .as(transaction::transactional));
    }

    /** Posts a test message now and says whether it was delivered, with the channel's HTTP status (200 either way). */
    @PostMapping("/{id}/test")
    Mono<Map<String, Object>> test(@PathVariable String id, Principal user) {
        return existing(id).flatMap(target -> tester.send(target, user.getName())
                .flatMap(result -> audit.append(AuditEntry.of(clock.instant(), user.getName(), "webhook.test",
                                "webhook:" + target.key(), outcome(result)))
                        .thenReturn(answer(result))));
    }

    private Mono<WebhookTarget> existing(String id) {
        return webhooks.find(id).switchIfEmpty(Mono.error(() -> new ProblemException(ProblemType.NOT_FOUND,
                "no webhook with id '" + id + "'; GET /api/v1/webhooks lists them")));
    }

    private Mono<WebhookTarget> changeable(String id) {
        return existing(id).flatMap(target -> target.configured()
                ? Mono.error(new ProblemException(ProblemType.READ_ONLY, "webhook '" + id + "' is set in the server's "
                + "configuration (fabricpulse.notify.webhooks); change it there"))
                : Mono.just(target));
    }

    private Mono<AuditEntry> record(Principal user, String action, WebhookTarget target) {
        String detail = "name=" + target.name() + " type=" + target.spec().type().configName() + " url="
                + target.spec().redactedUrl() + " minSeverity=" + target.spec().minSeverity() + " clusters="
                + target.spec().clusters().stream().sorted().toList() + " secret=" + (target.spec().secret() != null);
        return audit.append(AuditEntry.of(clock.instant(), user.getName(), action, "webhook:" + target.key(), detail));
    }

    private static String outcome(SendResult result) {
        return switch (result) {
            case SendResult.Delivered delivered -> "delivered, HTTP " + delivered.status();
            case SendResult.Retry retry -> "failed (retryable): " + retry.reason();
            case SendResult.Refused refused -> "refused: " + refused.reason();
        };
    }

    /**
     * Delivered or not, and the HTTP status when the channel answered: never the channel's body, nor why a
     * connection failed (a test must not become a way to read internal services or map their ports). The
     * audit log and the server's log have the reason.
     */
    private static Map<String, Object> answer(SendResult result) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("delivered", result instanceof SendResult.Delivered);
        result.httpStatus().ifPresent(status -> answer.put("status", status));
        return answer;
    }
}
