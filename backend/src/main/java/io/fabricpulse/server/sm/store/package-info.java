/** The {@code subnet_manager} table (V14). */
package io.fabricpulse.server.sm.store;
