/**
 * The browser UI: one package per page ({@code web/<page>}), server-rendered with Thymeleaf from the
 * templates and assets of the {@code frontend} module, kept live with server-sent events. What is shared
 * by every page lives here: {@link io.fabricpulse.server.web.UiProperties} and
 * {@link io.fabricpulse.server.web.DisplayFormat}, the one place where numbers become text, so that a
 * server-rendered page and the JSON its JavaScript receives always read the same.
 */
package io.fabricpulse.server.web;
