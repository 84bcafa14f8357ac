/**
 * The topology map at {@code /map}: switch tiers and host groups in layers, drawn as SVG in the browser from the
 * folded graph ({@code GET /api/v1/topology/map}); bundles coloured and lined by health, a click on one lists its cables.
 */
package io.fabricpulse.server.web.map;
