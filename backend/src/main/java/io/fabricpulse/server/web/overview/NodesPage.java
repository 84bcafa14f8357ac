package io.fabricpulse.server.web.overview;

import io.fabricpulse.server.fabric.NodeView;
import io.fabricpulse.server.web.DisplayFormat;
import io.fabricpulse.server.web.PageParameters;

import java.util.List;

/**
 * One page of the nodes table.
 *
 * @param rows  the nodes on this page, in {@code FabricView.nodes()} order (switches first, then by name)
 * @param page  this page, from 1
 * @param pages number of pages, at least 1
 * @param first position of the first row in the whole list, from 1 (0 when there are no nodes)
 * @param last  position of the last row
 * @param total number of nodes
 */
public record NodesPage(List<NodeRow> rows, int page, int pages, int first, int last, int total) {

    /** Rows per page: a compact table a person scans on one screen; 702 demo nodes make 8 pages. */
    static final int SIZE = 100;


    /** Page {@code page} (from 1, at most the page count) of {@code nodes}. */
    static NodesPage of(List<NodeView> nodes, int page, DisplayFormat format) {
        int from = Math.min((page - 1) * SIZE, nodes.size());
        int to = Math.min(from + SIZE, nodes.size());
        List<NodeRow> rows = nodes.subList(from, to).stream().map(node -> NodeRow.of(node, format)).toList();
        return new NodesPage(rows, page, PageParameters.pageCount(nodes.size(), SIZE), rows.isEmpty() ? 0 : from + 1, to, nodes.size());
    }

    public boolean hasPrevious() {
        return page > 1;
    }

    public boolean hasNext() {
        return page < pages;
    }
}
