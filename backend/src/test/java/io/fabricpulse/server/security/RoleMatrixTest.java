package io.fabricpulse.server.security;

import io.fabricpulse.server.security.token.ApiTokenStore;
import io.fabricpulse.server.testing.ServerTest;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.http.HttpMethod;

import java.util.EnumSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Acceptance 3: no endpoint answers without the right credentials. Every route the running server
 * exposes, for each of anonymous, viewer, operator, admin, a read, an ack and an admin API token,
 * and an agent token, is refused or allowed exactly as {@link AccessRules} says; and every route
 * must have a rule, so a new endpoint fails here until someone decides who may call it.
 */
class RoleMatrixTest extends ServerTest {

    @Autowired
    private ApplicationContext context;
    @Autowired
    private ApiTokenStore tokens;

    @Test
    void everyExposedRouteHasARule() {
        Set<ExposedRoutes.Route> routes = RoleMatrix.routes(context);

        assertThat(routes).as("the route list reads handlers, actuator, static files and security's own")
                .contains(new ExposedRoutes.Route(HttpMethod.GET, "/api/v1/nodes"),
                        new ExposedRoutes.Route(HttpMethod.POST, "/api/v1/ingest"),
                        new ExposedRoutes.Route(HttpMethod.POST, "/api/v1/tokens"),
                        new ExposedRoutes.Route(HttpMethod.DELETE, "/api/v1/tokens/" + ExposedRoutes.SAMPLE_ID),
                        new ExposedRoutes.Route(HttpMethod.GET, "/api/v1/audit"),
                        new ExposedRoutes.Route(HttpMethod.GET, "/actuator/prometheus"),
                        new ExposedRoutes.Route(HttpMethod.GET, "/css/app.css"),
                        new ExposedRoutes.Route(HttpMethod.GET, "/"),
                        new ExposedRoutes.Route(HttpMethod.POST, "/logout"),
                        // issue 22: orders to agents and the agents' answers
                        new ExposedRoutes.Route(HttpMethod.POST, "/api/v1/ports/" + ExposedRoutes.SAMPLE_ID + "/"
                                + ExposedRoutes.SAMPLE_ID + "/clear"),
                        new ExposedRoutes.Route(HttpMethod.POST, "/api/v1/ports/" + ExposedRoutes.SAMPLE_ID + "/"
                                + ExposedRoutes.SAMPLE_ID + "/state"),
                        new ExposedRoutes.Route(HttpMethod.GET, "/api/v1/ports/" + ExposedRoutes.SAMPLE_ID + "/"
                                + ExposedRoutes.SAMPLE_ID + "/commands"),
                        new ExposedRoutes.Route(HttpMethod.POST, "/api/v1/ingest/commands/" + ExposedRoutes.SAMPLE_ID),
                        new ExposedRoutes.Route(HttpMethod.GET, "/api/v1/ingest/answers/" + ExposedRoutes.SAMPLE_ID),
                        new ExposedRoutes.Route(HttpMethod.GET, "/api/v1/sweeps"));
        assertThat(RoleMatrix.unclassified(routes))
                .as("routes without a rule in AccessRules.TABLE: add one saying who may call each")
                .isEmpty();
    }

    @Test
    void everyRouteRefusesOrAllowsEachCallerAsTheRuleTableSays() {
        RoleMatrix matrix = new RoleMatrix(web, tokens);

        assertThat(matrix.disagreements(RoleMatrix.routes(context), EnumSet.allOf(Caller.class), false)).isEmpty();
    }
}
