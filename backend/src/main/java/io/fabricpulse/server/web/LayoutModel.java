package io.fabricpulse.server.web;

import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.server.ServerWebExchange;

/**
 * What the layout needs on every page besides the page's own model. Thymeleaf 3.1 forbids reading request
 * parameters in the layout's attributes, so the controller side reads them here.
 */
@ControllerAdvice(basePackageClasses = LayoutModel.class)
class LayoutModel {

    /**
     * Wall mode asked in the URL: {@code ?wall=1} "on", {@code ?wall=0} "off" (both win over the choice saved
     * in the browser), anything else or nothing: null, the browser's saved choice applies.
     */
    @ModelAttribute("wall")
    String wall(ServerWebExchange exchange) {
        String wall = exchange.getRequest().getQueryParams().getFirst("wall");
        if ("1".equals(wall)) {
            return "on";
        }
        return "0".equals(wall) ? "off" : null;
    }
}
