// The topology map. The server folds the fabric (GET /api/v1/topology/map: switch tiers from the cabling,
// wide tiers as groups, hosts as one node under their leaf, the cables between two drawn nodes as one bundle),
// so the page draws a few hundred elements whatever the fabric's size. Layers top to bottom, highest tier
// first, at preset positions (nothing moves). Healthy bundles are thin and quiet; problem bundles are thick,
// on top, and each health has its colour *and* its line (down dashed, degraded dotted, errors solid) and a
// label, for people who do not tell the colours apart. Labels are 12 px on screen at any zoom, and a row's
// labels are hidden rather than drawn over each other. The side panel opens on the worst links; a click on a
// bundle or node lists its cables; the search box lands on a node by name, GUID or LID.
// Live: every fabric update the live stream (/events/live) announces re-reads the folded graph (no polling),
// and colours, widths and the summary change in place.
// main[data-map] says what is drawn (data-nodes: fabric nodes, data-drawn, data-updates) for people's tools and
// tests; performance.mark('fabricpulse:map-ready') is set when the map is drawn and answers clicks, and
// data-drawn-ms / data-first-tap-ms / data-first-tap-latency-ms are what the map benchmark reads.

import { loadCytoscape } from './lib/vendor.js';
import { subscribe } from './lib/live-events.js';

// The map page's main, or the overview's map section on a wall (/js/overview-wall.js imports this module there).
const main = document.querySelector('[data-map]');
const canvas = main.querySelector('[data-map-canvas]');
const panel = main.querySelector('[data-map-panel]');
const summary = main.querySelector('[data-map-summary]');
const loadLegend = main.querySelector('[data-load-legend]');
const GRAPH = '/api/v1/topology/map';
// The past instant shown (?at=, then each move of the time slider: 'fabricpulse:time'), null when live.
let at = new URLSearchParams(window.location.search).get('at');
const asOf = (url) => (at ? `${url}${url.includes('?') ? '&' : '?'}at=${encodeURIComponent(at)}` : url);
/** Space kept around the fitted graph, in pixels: room for the outer labels. */
const FIT_PADDING = 36;
/** Labels, on screen, whatever the zoom. */
const LABEL_PX = 12;
/** A label's width on screen, per character, at LABEL_PX (the sans-serif's average, a little generous). */
const CHAR_PX = 7.2;
const WORLD_WIDTH = 1600;
const MIN_ZOOM = 0.05;
const MAX_ZOOM = 6;

/** Per health: its colour, its line, and the word a bundle's label says. Worst first. */
const HEALTH = {
  DOWN: { colour: '--down', line: 'dashed', dash: [10, 5], word: 'down', cue: '✕' },
  ERRORS: { colour: '--error', line: 'solid', dash: [1, 0], word: 'with errors', cue: '!' },
  DEGRADED: { colour: '--warn', line: 'dashed', dash: [2, 4], word: 'degraded', cue: '↓' },
  UNKNOWN: { colour: '--muted', line: 'dashed', dash: [3, 6], word: 'unknown', cue: '?' },
  OK: { colour: '--ok', line: 'solid', dash: [1, 0], word: 'ok', cue: '' },
};
const PROBLEMS = ['DOWN', 'ERRORS', 'DEGRADED'];
const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
const colour = (status) => css((HEALTH[status] ?? HEALTH.UNKNOWN).colour);
const grouped = new Intl.NumberFormat('en');

/** Bundle width in pixels: healthy ones 1 px idle to 4 px full; a problem bundle 5 px and more with more problems. */
export function edgeWidth(edge) {
  if (PROBLEMS.includes(edge.status)) return 5 + Math.min(5, Math.log2(edge.problems + 1) * 1.5);
  return edge.load === null || edge.load === undefined ? 1 : 1 + 3 * edge.load;
}

function endLink(end) {
  const a = document.createElement('a');
  a.href = `/nodes/${end.nodeGuid}/ports/${end.port}`;
  a.textContent = `${end.label}[${end.port}]`;
  a.title = end.name;
  a.dataset.endLink = '';
  return a;
}

/** A link to the alert list filtered to a node (and port): the alerts of what the panel names. */
function alertsLink(nodeGuid, port, text) {
  const query = new URLSearchParams({ node: nodeGuid });
  if (port !== undefined) query.set('port', String(port));
  return Object.assign(document.createElement('a'), { className: 'alerts-link', href: `/alerts?${query}`, textContent: text });
}

function cableItem(cable) {
  const item = document.createElement('li');
  item.dataset.status = cable.status;
  const errors = cable.errorsPerSecond > 0 ? `, ${cable.errorsPerSecond.toPrecision(3)} errors/s` : '';
  const used = typeof cable.load === 'number' ? `, ${Math.round(cable.load * 100)}% load` : '';
  const word = Object.assign(document.createElement('span'), { className: `health ${cable.status.toLowerCase()}`,
    textContent: `${(HEALTH[cable.status] ?? HEALTH.UNKNOWN).cue} ${cable.status.toLowerCase()}`.trim() });
  const alerts = alertsLink(cable.a.nodeGuid, cable.a.port, 'alerts');
  alerts.title = `The alerts of this cable (${cable.a.label}[${cable.a.port}] and its link)`;
  item.append(endLink(cable.a), ' ↔ ', endLink(cable.b), ' — ', word, `${errors}${used} · `, alerts);
  return item;
}

function showCables(title, cables, { worst = false, switchGuid = null } = {}) {
  panel.dataset.showing = worst ? 'worst' : 'selection';
  const h = document.createElement('h2');
  h.textContent = title;
  if (switchGuid) {
    h.append(' ', alertsLink(switchGuid, undefined, 'its alerts'));
  }
  if (cables.length === 0) {
    panel.replaceChildren(h, Object.assign(document.createElement('p'), { className: 'empty',
      textContent: worst ? 'No link is down, erroring or degraded.' : 'No cables.' }));
    return;
  }
  const list = document.createElement('ul');
  list.className = 'cables';
  list.append(...cables.map(cableItem));
  panel.replaceChildren(h, list);
}

function showWorst(graph) {
  showCables('Worst links', graph.worst, { worst: true });
}

function describe(s) {
  const parts = [`${grouped.format(s.nodes)} nodes (${grouped.format(s.switches)} switches, ${grouped.format(s.hosts)} hosts)`,
    `${grouped.format(s.cables)} cables`];
  const bad = [['down', s.down], ['with errors', s.errors], ['degraded', s.degraded]].filter(([, n]) => n > 0)
    .map(([word, n]) => `${grouped.format(n)} ${word}`);
  return `${parts.join(', ')}: ${bad.length > 0 ? bad.join(', ') : 'none down, erroring or degraded'}`;
}

/** The thickness key, drawn with the same widths as the edges so the legend cannot disagree with the map. */
function drawLoadLegend() {
  const items = [0, 0.5, 1].map((load) => {
    const item = document.createElement('span');
    item.className = 'load-sample';
    const line = document.createElement('span');
    line.className = 'load-line';
    line.style.height = `${edgeWidth({ status: 'OK', load })}px`;
    item.append(line, `${load * 100}%`);
    return item;
  });
  loadLegend.replaceChildren(...items);
}

/** Preset positions: highest switch tier on top, hosts at the bottom under their leaf (or leaf group). */
function layout(graph, aspect) {
  const rows = graph.tiers + 1;
  const gap = Math.max(140, (0.85 * WORLD_WIDTH * aspect) / Math.max(rows - 1, 1));
  const perTier = new Map();
  for (const n of graph.nodes) perTier.set(n.tier, (perTier.get(n.tier) ?? 0) + 1);
  const position = new Map();
  for (const n of graph.nodes) {
    if (n.kind === 'HOSTS') continue;
    const count = perTier.get(n.tier);
    position.set(n.id, { x: ((n.order + 0.5) * WORLD_WIDTH) / count, y: (graph.tiers - n.tier) * gap, spacing: WORLD_WIDTH / count });
  }
  const hostsCount = perTier.get(0) ?? 0;
  for (const n of graph.nodes) {
    if (n.kind !== 'HOSTS') continue;
    const leaf = position.get(n.id.slice('hosts:'.length));
    const spacing = leaf ? leaf.spacing : WORLD_WIDTH / Math.max(hostsCount, 1);
    position.set(n.id, { x: leaf ? leaf.x : WORLD_WIDTH + 80, y: graph.tiers * gap, spacing });
  }
  return position;
}

/** The graph's elements at their positions; with a view, each label shown or not as it will be drawn. */
function elements(graph, position, view) {
  const nodes = graph.nodes.map((n) => ({ group: 'nodes', position: { x: position.get(n.id).x, y: position.get(n.id).y },
    data: { id: n.id, label: n.label, name: n.name, kind: n.kind, status: n.status, tier: n.tier, members: n.members,
      spacing: position.get(n.id).spacing, above: n.kind !== 'HOSTS' && n.order % 2 === 1,
      showLabel: !view || labelFits(n.label, n.kind, position.get(n.id).spacing, view.zoom) } }));
  const edges = graph.edges.map((e) => ({ group: 'edges', data: edgeData(e) }));
  if (view) {
    const apart = apartLabels(edges.filter((e) => e.data.problem).map((e) => bundleFacts(e.data,
      position.get(e.data.source), position.get(e.data.target), view)));
    edges.forEach((e) => { e.data.showLabel = apart.has(e.data.id); });
  }
  return [...nodes, ...edges];
}

function edgeData(e) {
  const problem = PROBLEMS.includes(e.status);
  const health = HEALTH[e.status] ?? HEALTH.UNKNOWN;
  return { id: e.id, source: e.source, target: e.target, status: e.status, cables: e.cables, problems: e.problems,
    load: e.load, width: edgeWidth(e), problem, showLabel: true,
    label: problem ? `${health.cue} ${e.problems} ${health.word}` : '' };
}

/** Node sizes by kind, as the style draws them: fitting needs them before anything is styled. */
const NODE_SIZE = { SWITCH: [30, 18], SWITCH_GROUP: [44, 22], HOSTS: [26, 26] };
const sizeOf = (kind) => NODE_SIZE[kind] ?? [18, 18];

/** Whether a node's label fits its row at this zoom (odd ones hang above, even below). */
function labelFits(label, kind, spacing, zoom) {
  return label.length * CHAR_PX <= spacing * zoom * (kind === 'HOSTS' ? 1 : 2) - 8;
}

/** A problem bundle for {@link apartLabels}: its label's middle on screen (bundles are straight). */
function bundleFacts(data, source, target, view) {
  return { id: data.id, label: data.label, rank: PROBLEMS.indexOf(data.status), problems: data.problems,
    x: ((source.x + target.x) / 2) * view.zoom + view.pan.x, y: ((source.y + target.y) / 2) * view.zoom + view.pan.y };
}

/** The problem bundles whose labels show: worst first (down, errors, degraded, most problems), none over another. */
function apartLabels(bundles) {
  const shown = [];
  const halfHeight = LABEL_PX / 2 + 4;
  bundles.sort((a, b) => a.rank - b.rank || b.problems - a.problems).forEach((bundle) => {
    const halfWidth = (bundle.label.length * CHAR_PX) / 2 + 4;
    if (!shown.some((other) => Math.abs(other.x - bundle.x) < halfWidth + other.halfWidth
      && Math.abs(other.y - bundle.y) < halfHeight * 2)) {
      shown.push({ ...bundle, halfWidth });
    }
  });
  return new Set(shown.map((bundle) => bundle.id));
}

/**
 * Hides a row's labels when they would run into each other at this zoom, and the labels of problem bundles that
 * would cover a worse one's; then restyles once (labels keep their size on screen, so a new zoom changes every
 * label).
 */
function placeLabels(cy) {
  const view = { zoom: cy.zoom(), pan: cy.pan() };
  const apart = apartLabels(cy.edges('[?problem]').map((edge) => bundleFacts(edge.data(), edge.source().position(),
    edge.target().position(), view)));
  cy.batch(() => {
    cy.nodes().forEach((node) => {
      const show = labelFits(node.data('label'), node.data('kind'), node.data('spacing'), view.zoom) || node.selected();
      if (show !== node.data('showLabel')) node.data('showLabel', show);
    });
    cy.edges('[?problem]').forEach((edge) => {
      const show = apart.has(edge.id());
      if (show !== edge.data('showLabel')) edge.data('showLabel', show);
    });
  });
  cy.style().update();
}

/** @param zoom the graph's zoom now: sizes in screen pixels stay the same at any zoom */
function style(zoom) {
  const screen = (px) => () => px / zoom();
  return [
    { selector: 'node', style: { label: '', color: css('--text'), 'font-size': screen(LABEL_PX),
      'text-valign': 'bottom', 'text-margin-y': screen(4), 'background-color': css('--accent'),
      width: sizeOf()[0], height: sizeOf()[1], 'border-width': 0 } },
    { selector: 'node[?showLabel]', style: { label: 'data(label)' } },
    { selector: 'node[?above]', style: { 'text-valign': 'top', 'text-margin-y': screen(-4) } },
    { selector: 'node[kind="SWITCH"]', style: { shape: 'round-rectangle', width: NODE_SIZE.SWITCH[0] } },
    { selector: 'node[kind="SWITCH_GROUP"]', style: { shape: 'round-rectangle', width: NODE_SIZE.SWITCH_GROUP[0],
      height: NODE_SIZE.SWITCH_GROUP[1],
      'border-width': 2, 'border-color': css('--text'), 'border-style': 'double' } },
    { selector: 'node[kind="HOSTS"]', style: { shape: 'ellipse', width: NODE_SIZE.HOSTS[0], height: NODE_SIZE.HOSTS[1] } },
    // A node whose cables are bad says so with its colour and a thick border in the health's line.
    ...PROBLEMS.map((status) => ({ selector: `node[status="${status}"]`, style: { 'background-color': colour(status),
      'border-width': 3, 'border-color': colour(status), 'border-style': HEALTH[status].line === 'dashed' ? 'dashed' : 'solid' } })),
    // Colours by selector, read from the theme once: a mapper function per edge ran at every restyle. Healthy
    // bundles are haystack lines (no control points to work out: a quarter less time to the first frame at
    // 2,000 nodes); problem bundles are straight, for their labels.
    { selector: 'edge', style: { width: 'data(width)', 'line-color': colour('UNKNOWN'), opacity: 0.35,
      'z-index': 1, 'curve-style': 'haystack', 'haystack-radius': 0 } },
    ...Object.keys(HEALTH).map((status) => ({ selector: `edge[status="${status}"]`, style: { 'line-color': colour(status) } })),
    { selector: 'edge[status="UNKNOWN"]', style: { 'line-style': 'dashed', 'line-dash-pattern': HEALTH.UNKNOWN.dash } },
    // A problem's label is part of its bundle for clicks too: it sits on top of whatever crosses there.
    { selector: 'edge[?problem][?showLabel]', style: { label: 'data(label)' } },
    { selector: 'edge[?problem]', style: { 'curve-style': 'straight', opacity: 1, 'font-size': screen(LABEL_PX),
      'text-events': 'yes',
      color: css('--text'), 'text-background-color': css('--surface'), 'text-background-opacity': 0.85,
      'text-background-padding': screen(2) } },
    ...PROBLEMS.map((status, rank) => ({ selector: `edge[status="${status}"]`, style: { 'z-index': 30 - rank * 10,
      'line-style': HEALTH[status].line, 'line-dash-pattern': HEALTH[status].dash } })),
    { selector: ':selected', style: { 'overlay-color': css('--accent'), 'overlay-opacity': 0.3, 'overlay-padding': 6 } },
  ];
}

async function fetchJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function watchZoom(cy) {
  let frame = 0;
  cy.on('zoom', () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const untouched = stillCentred(cy);
      placeLabels(cy);
      if (untouched) centre(cy); // a fit's own zoom: labels sized anew, centred anew
    });
  });
}

/**
 * The zoom and pan that fit the nodes (model positions, sizes by kind, labels) in a canvas of that size, with
 * FIT_PADDING around. Worked out, not measured: a restyle of every element is what costs (labels keep their size
 * on screen, so each zoom restyles them all; fitting, restyling and fitting again once made most of the map's time
 * to drawn), and this needs no style at all, so the first draw styles every element once.
 * @param nodes [{x, y, kind, label, spacing}]
 */
function fitView(nodes, width, height) {
  const box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  nodes.forEach((n) => {
    const [w, h] = sizeOf(n.kind);
    Object.assign(box, { x1: Math.min(box.x1, n.x - w / 2), x2: Math.max(box.x2, n.x + w / 2),
      y1: Math.min(box.y1, n.y - h / 2), y2: Math.max(box.y2, n.y + h / 2) });
  });
  const boxWidth = Math.max(box.x2 - box.x1, 1);
  const boxHeight = Math.max(box.y2 - box.y1, 1);
  // Labels hang a line above the top row and below the bottom one; those centred under the row's ends may reach
  // past them, and room for them changes the zoom, which changes which labels show: a few rounds settle it.
  const extra = { left: 0, right: 0, top: LABEL_PX + 8, bottom: LABEL_PX + 8 };
  const zoomFor = () => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.min(
    (width - 2 * FIT_PADDING - extra.left - extra.right) / boxWidth,
    (height - 2 * FIT_PADDING - extra.top - extra.bottom) / boxHeight)));
  let zoom = zoomFor();
  for (let round = 0; round < 4; round++) {
    let left = 0;
    let right = 0;
    nodes.forEach((n) => {
      if (!labelFits(n.label, n.kind, n.spacing, zoom)) return;
      const half = (n.label.length * CHAR_PX) / 2;
      left = Math.max(left, half - (n.x - box.x1) * zoom);
      right = Math.max(right, half - (box.x2 - n.x) * zoom);
    });
    const settled = Math.abs(left - extra.left) < 1 && Math.abs(right - extra.right) < 1;
    Object.assign(extra, { left, right });
    if (settled) break;
    zoom = zoomFor();
  }
  return { zoom, pan: {
    x: (width - boxWidth * zoom - extra.left - extra.right) / 2 + extra.left - box.x1 * zoom,
    y: (height - boxHeight * zoom - extra.top - extra.bottom) / 2 + extra.top - box.y1 * zoom,
  } };
}

/** The view centre() last set (zoom and pan), or null. */
let centred = null;

/** Moves the view so what is drawn (nodes, their labels, problem bundles' labels) has even margins. */
function centre(cy) {
  const drawn = cy.elements().renderedBoundingBox();
  const pan = cy.pan();
  cy.pan({ x: pan.x + (cy.width() - drawn.x2 - drawn.x1) / 2, y: pan.y + (cy.height() - drawn.y2 - drawn.y1) / 2 });
  centred = { zoom: cy.zoom(), ...cy.pan() };
  main.dataset.fittedFor = `${cy.width()}x${cy.height()}`; // the canvas size it was centred in, for tests
}

/** Whether the view is still where centre() put it: nobody has panned or zoomed since. */
function stillCentred(cy) {
  return centred !== null && cy.zoom() === centred.zoom && cy.pan().x === centred.x && cy.pan().y === centred.y;
}

/** Fits the drawn graph to the canvas, labels included, centred: one restyle. */
function fitWithLabels(cy) {
  if (cy.nodes().empty()) return;
  cy.viewport(fitView(cy.nodes().map((node) => ({ x: node.position('x'), y: node.position('y'), kind: node.data('kind'),
    label: node.data('label'), spacing: node.data('spacing') })), Math.max(canvas.clientWidth, 1),
  Math.max(canvas.clientHeight, 1)));
  placeLabels(cy);
  centre(cy);
  // Labels sized for the old zoom can still be in the measured box until the next frame is drawn: centre again then.
  cy.one('render', () => { if (stillCentred(cy)) centre(cy); });
}

/** Keeps the whole fabric in view: a canvas that changes size (window, wall mode, panel) re-fits the graph. */
function fitOnResize(cy) {
  let last = `${canvas.clientWidth}x${canvas.clientHeight}`;
  new ResizeObserver(() => {
    const size = `${canvas.clientWidth}x${canvas.clientHeight}`;
    if (size === last) return;
    last = size;
    cy.resize();
    fitWithLabels(cy);
  }).observe(canvas);
}

function handleClicks(cy) {
  // The first answered click, for the benchmark: when (since navigation) and how long after the click it was.
  const answered = (event) => {
    if (main.dataset.firstTapMs) return;
    const now = performance.now();
    main.dataset.firstTapMs = String(Math.round(now));
    main.dataset.firstTapLatencyMs = String(Math.round(now - (event.originalEvent?.timeStamp ?? now)));
  };
  const ask = async (event, title, query, switchGuid = null) => {
    panel.replaceChildren(Object.assign(document.createElement('p'), { className: 'empty', textContent: 'loading…' }));
    try {
      showCables(title, await fetchJson(asOf(`${GRAPH}/cables?${query}`)), { switchGuid });
    } catch (error) {
      panel.replaceChildren(Object.assign(document.createElement('p'), { className: 'empty', textContent: `Not available now (${error.message}).` }));
    }
    answered(event);
  };
  cy.on('tap', 'edge', (event) => {
    const edge = event.target;
    const title = `${edge.source().data('label')} ↔ ${edge.target().data('label')}: ${grouped.format(edge.data('cables'))} cable${edge.data('cables') === 1 ? '' : 's'}`;
    ask(event, title, `edge=${encodeURIComponent(edge.id())}`);
  });
  // A switch is one node: its alerts are a link away; a group or a host bundle has them per cable.
  cy.on('tap', 'node', (event) => ask(event, event.target.data('name'), `node=${encodeURIComponent(event.target.id())}`,
    event.target.data('kind') === 'SWITCH' ? event.target.id() : null));
  cy.on('mouseover', 'node', (event) => { canvas.title = event.target.data('name'); });
  cy.on('mouseout', 'node', () => { canvas.title = ''; });
}

function handleSearch(cy) {
  main.querySelector('[data-map-search]').addEventListener('submit', async (event) => {
    event.preventDefault();
    const q = String(new FormData(event.target).get('q') ?? '').trim();
    if (!q) return;
    const response = await fetch(`${GRAPH}/find?q=${encodeURIComponent(q)}`, { headers: { Accept: 'application/json' } });
    if (!response.ok) {
      main.dataset.found = '';
      panel.replaceChildren(Object.assign(document.createElement('p'), { className: 'empty', textContent: 'Nothing matches.' }));
      return;
    }
    const hit = await response.json();
    main.dataset.found = hit.drawn;
    const node = cy.getElementById(hit.drawn);
    cy.elements().unselect();
    node.select();
    cy.animate({ center: { eles: node }, zoom: Math.max(cy.zoom(), 1.5) }, { duration: 300 });
    showCables(hit.name, hit.cables);
  });
}

/** Applies a newer graph: in place when the same nodes are drawn, else drawn anew. */
function apply(cy, graph) {
  // Labels that come or go with the news change what is drawn: a view nobody moved is centred again.
  const untouched = stillCentred(cy);
  const same = graph.nodes.length === cy.nodes().length && graph.nodes.every((n) => cy.getElementById(n.id).nonempty())
    && graph.edges.length === cy.edges().length && graph.edges.every((e) => cy.getElementById(e.id).nonempty());
  if (same) {
    cy.batch(() => {
      graph.nodes.forEach((n) => cy.getElementById(n.id).data({ status: n.status, label: n.label, name: n.name, members: n.members }));
      graph.edges.forEach((e) => cy.getElementById(e.id).data(edgeData(e)));
    });
  } else {
    // A cable that comes or goes (a flapping link) redraws the graph; whoever zoomed in stays where they were
    // (positions come from the same layout), only a map that had nothing yet is fitted.
    const empty = cy.nodes().empty();
    const viewport = { zoom: cy.zoom(), pan: { ...cy.pan() } };
    cy.batch(() => {
      cy.elements().remove();
      cy.add(elements(graph, layout(graph, canvas.clientHeight / Math.max(canvas.clientWidth, 1))));
    });
    if (empty) {
      fitWithLabels(cy);
      return;
    }
    cy.viewport(viewport);
  }
  placeLabels(cy);
  if (untouched) centre(cy);
}

function stayLive(cy) {
  let asking = false;
  let again = false;
  const refresh = async () => {
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    try {
      const shownAt = at;
      const graph = await fetchJson(asOf(GRAPH));
      apply(cy, graph);
      main.dataset.shownAt = shownAt ?? '';
      canvas.graph = graph;
      summary.textContent = describe(graph.summary);
      main.dataset.nodes = String(graph.summary.nodes);
      if (panel.dataset.showing === 'worst') showWorst(graph);
      main.dataset.updates = String(Number(main.dataset.updates ?? 0) + 1);
    } catch (error) {
      console.warn('FabricPulse: the map could not be refreshed', error);
    } finally {
      asking = false;
      if (again) {
        again = false;
        refresh();
      }
    }
  };
  // The stream's first event is the fabric as it is on connecting: the graph was read just before.
  let first = true;
  document.addEventListener('fabricpulse:time', (event) => {
    at = event.detail.at;
    refresh();
  });
  subscribe('/events/live', 'live', {
    onData: () => {
      if (first) {
        first = false;
        return;
      }
      if (at) return; // a past view: live updates paused
      refresh();
    },
    onStatus: (state) => { main.dataset.live = state; },
  });
}

async function draw() {
  // The library and the graph download side by side: neither waits for the other.
  const library = loadCytoscape();
  let graph;
  try {
    graph = await fetchJson(asOf(GRAPH));
  } catch (error) {
    summary.textContent = `The topology is unavailable (${error.message}).`;
    return;
  }
  performance.mark('map:topology-read');
  const cytoscape = await library;
  performance.mark('map:library-loaded');
  const position = layout(graph, canvas.clientHeight / Math.max(canvas.clientWidth, 1));
  // Fitted and labelled before it is made, and styled as it is made: every element is styled once.
  const view = fitView(graph.nodes.map((n) => ({ ...position.get(n.id), kind: n.kind, label: n.label })),
    Math.max(canvas.clientWidth, 1), Math.max(canvas.clientHeight, 1));
  let made;
  const cy = cytoscape({
    container: canvas,
    elements: elements(graph, position, view),
    style: style(() => (made ? made.zoom() : view.zoom)),
    layout: { name: 'preset', fit: false },
    zoom: view.zoom,
    pan: view.pan,
    minZoom: MIN_ZOOM,
    maxZoom: MAX_ZOOM,
    wheelSensitivity: 0.3,
    autoungrabify: true,
  });
  made = cy;
  canvas.cy = cy; // for the browser tests and the console: the drawn graph
  canvas.graph = graph; // and what it was drawn from
  centre(cy);
  watchZoom(cy);
  handleClicks(cy);
  handleSearch(cy);
  fitOnResize(cy);
  summary.textContent = describe(graph.summary);
  main.dataset.nodes = String(graph.summary.nodes);
  main.dataset.shownAt = at ?? '';
  showWorst(graph);
  performance.mark('map:graph-built');
  // Drawn means painted with its handlers in place: Cytoscape paints on the next animation frame.
  cy.one('render', () => {
    main.dataset.drawnMs = String(Math.round(performance.now()));
    main.dataset.drawn = 'true';
    performance.mark('fabricpulse:map-ready');
  });
  stayLive(cy);
}

drawLoadLegend();
draw();
