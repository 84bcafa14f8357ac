/** Strict readers of the text files people upload: node-name-maps and fabrics.conf; errors name the line. */
package io.fabricpulse.server.topology.imports;
