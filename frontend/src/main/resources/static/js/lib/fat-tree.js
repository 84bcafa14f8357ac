// Folds a topology document (GET /api/v1/topology) into what the map draws: spines, leaves and one
// group node per leaf holding its hosts, in layers top to bottom, with the cables between two drawn
// nodes merged into one edge that carries their count, worst health and highest load. Apart from the DOM and from
// Cytoscape, so it reads (and is tested) on its own.
//   leaves: switches cabled to at least one host; spines: the other switches; hosts: CAs and routers.

/** Health ranks, worst first (LinkHealth.Status); a group or edge shows the worst of its cables. */
export const WORST_FIRST = ['DOWN', 'ERRORS', 'DEGRADED', 'UNKNOWN', 'OK'];

export function worse(a, b) {
  return WORST_FIRST.indexOf(a) <= WORST_FIRST.indexOf(b) ? a : b;
}

/**
 * A switch's label on the map: the name between ';' and ':' of a vendor description
 * ("MF0;leaf01:SB7800/U1" -> "leaf01"), which is what tells neighbours apart; else the whole name.
 */
export function shortName(name) {
  return name.match(/;([^:;]+):/)?.[1] ?? name;
}

function statusOf(link) {
  return link.health?.status ?? 'UNKNOWN';
}

/** A cable's load: its busier direction's share of the link's data rate (0..1), or null when not known yet. */
export function loadOf(link) {
  const u = link.health?.utilisation;
  return typeof u === 'number' && Number.isFinite(u) ? Math.min(Math.max(u, 0), 1) : null;
}

/** Edge thickness in pixels for a load: 1 px idle to 9 px full, linear so widths compare like the loads do. */
export function edgeWidth(load) {
  return load === null ? 1 : 1 + 8 * load;
}

/**
 * Cytoscape elements with preset positions, and indexes for search and the side panel. {@code aspect} is the
 * drawing area's height / width: the layers are spread to that shape, so fitting the graph fills the canvas
 * instead of leaving a wide strip in the middle of it.
 */
export function foldFatTree(doc, { width = 1600, aspect = 0.5 } = {}) {
  const nodes = new Map(doc.nodes.map((n) => [n.guid, n]));
  const isHost = (guid) => nodes.get(guid)?.type !== 'SWITCH';
  const leaves = new Set();
  for (const link of doc.links) {
    if (isHost(link.a.nodeGuid) && !isHost(link.b.nodeGuid)) leaves.add(link.b.nodeGuid);
    if (isHost(link.b.nodeGuid) && !isHost(link.a.nodeGuid)) leaves.add(link.a.nodeGuid);
  }
  // Each host belongs to the group of the first leaf it is cabled to (by the leaf's GUID: stable).
  const hostLeaf = new Map();
  for (const link of [...doc.links].sort((x, y) => (x.a.nodeGuid + x.b.nodeGuid).localeCompare(y.a.nodeGuid + y.b.nodeGuid))) {
    for (const [host, other] of [[link.a, link.b], [link.b, link.a]]) {
      if (isHost(host.nodeGuid) && leaves.has(other.nodeGuid) && !hostLeaf.has(host.nodeGuid)) {
        hostLeaf.set(host.nodeGuid, other.nodeGuid);
      }
    }
  }
  const drawnId = (guid) => (hostLeaf.has(guid) ? `hosts:${hostLeaf.get(guid)}` : guid);

  const sorted = (list) => list.sort((x, y) => x.name.localeCompare(y.name, 'en', { numeric: true }));
  const switches = doc.nodes.filter((n) => n.type === 'SWITCH');
  const leafNodes = sorted(switches.filter((n) => leaves.has(n.guid)));
  const spineNodes = sorted(switches.filter((n) => !leaves.has(n.guid)));
  const loose = sorted(doc.nodes.filter((n) => n.type !== 'SWITCH' && !hostLeaf.has(n.guid)));

  const layers = loose.length > 0 ? 4 : 3;
  // Labels hang below the bottom row: keep a little of the height for them.
  const layerGap = Math.max(120, (0.9 * width * aspect) / (layers - 1));
  const elements = [];
  const x = (i, count) => ((i + 0.5) * width) / Math.max(count, 1);
  spineNodes.forEach((n, i) => elements.push({ group: 'nodes', data: { id: n.guid, label: shortName(n.name), role: 'spine', guid: n.guid },
    position: { x: x(i, spineNodes.length), y: 0 } }));
  leafNodes.forEach((n, i) => {
    elements.push({ group: 'nodes', data: { id: n.guid, label: shortName(n.name), role: 'leaf', guid: n.guid },
      position: { x: x(i, leafNodes.length), y: layerGap } });
    const hosts = [...hostLeaf].filter(([, leaf]) => leaf === n.guid).map(([host]) => host);
    elements.push({ group: 'nodes', data: { id: `hosts:${n.guid}`, label: `${hosts.length} hosts`, role: 'hosts',
      hosts, status: 'OK' }, position: { x: x(i, leafNodes.length), y: 2 * layerGap } });
  });
  loose.forEach((n, i) => elements.push({ group: 'nodes', data: { id: n.guid, label: n.name, role: 'host', guid: n.guid },
    position: { x: x(i, loose.length), y: 3 * layerGap } }));

  const edges = new Map();
  const groupStatus = new Map();
  for (const link of doc.links) {
    const [from, to] = [drawnId(link.a.nodeGuid), drawnId(link.b.nodeGuid)].sort();
    const id = `${from}~${to}`;
    const edge = edges.get(id) ?? { id, source: from, target: to, cables: [], status: 'OK', load: null };
    edge.cables.push(link);
    edge.status = worse(edge.status, statusOf(link));
    // A folded edge shows its busiest cable: one full cable is the congestion a NOC looks for, an average hides it.
    const load = loadOf(link);
    if (load !== null) edge.load = Math.max(edge.load ?? 0, load);
    edges.set(id, edge);
    for (const end of [from, to]) {
      if (end.startsWith('hosts:')) groupStatus.set(end, worse(groupStatus.get(end) ?? 'OK', statusOf(link)));
    }
  }
  for (const el of elements) {
    if (el.data.role === 'hosts') el.data.status = groupStatus.get(el.data.id) ?? 'UNKNOWN';
  }
  for (const edge of edges.values()) {
    elements.push({ group: 'edges', data: { id: edge.id, source: edge.source, target: edge.target,
      status: edge.status, cables: edge.cables.length, load: edge.load, loadKnown: edge.load !== null,
      width: edgeWidth(edge.load) } });
  }
  return { elements, edges, nodes, drawnId };
}

/** The drawn node a search for {@code text} (name part, GUID, or LID) lands on, or null. */
export function find(text, doc, drawnId) {
  const q = text.trim().toLowerCase();
  if (!q) return null;
  const lid = /^\d+$/.test(q) ? Number(q) : null;
  const guid = q.replace(/^0x/, '');
  for (const link of doc.links) {
    for (const end of [link.a, link.b]) {
      if (lid !== null && end.lid === lid) return { id: drawnId(end.nodeGuid), guid: end.nodeGuid };
    }
  }
  const node = doc.nodes.find((n) => n.guid.replace(/^0x0*/, '') === guid.replace(/^0*/, ''))
    ?? doc.nodes.find((n) => n.name.toLowerCase() === q)
    ?? doc.nodes.find((n) => n.name.toLowerCase().includes(q));
  return node ? { id: drawnId(node.guid), guid: node.guid } : null;
}
