/**
 * The topology map at {@code /map}: spines, leaves and host groups in layers, drawn by Cytoscape.js in the
 * browser from {@code GET /api/v1/topology}; links coloured by health, a click on one opens both ends.
 */
package io.fabricpulse.server.web.map;
