package io.fabricpulse.server.web.inventory;

/**
 * One IPoIB interface whose mode or MTU differs from what its cluster (or, without clusters, the fabric)
 * usually runs: a host in datagram mode among connected ones, an MTU of 2044 among 65520.
 *
 * @param nodeGuid the host's node
 * @param nodeName its display name
 * @param cluster  the cluster it was compared within, "whole fabric" when it is in none
 * @param name     the interface ({@code ib0})
 * @param mode     its mode, a dash when not reported
 * @param mtu      its MTU
 * @param state    its operational state, a dash when not reported
 * @param usual    what the cluster usually runs ("connected, MTU 65520")
 */
public record IpoibRow(String nodeGuid, String nodeName, String cluster, String name, String mode, int mtu, String state,
                       String usual) {
}
