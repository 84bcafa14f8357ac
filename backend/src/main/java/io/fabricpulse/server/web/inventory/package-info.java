/**
 * The inventory at {@code /inventory}: HCAs and switches with model, firmware and link width/speed, and
 * the drift a fabric engineer hunts for: mixed firmware within one model, links that trained below the
 * best width or speed seen in the fabric, cabled ports that are not Active.
 */
package io.fabricpulse.server.web.inventory;
