// The topology map. The server folds the fabric (GET /api/v1/topology/map: switch tiers from the cabling,
// wide tiers as groups, hosts as one node under their leaf, the cables between two drawn nodes as one bundle),
// so the page draws a few hundred elements whatever the fabric's size: as SVG, which the browser draws at once
// (a graph library's compile and style engine cost more than the drawing itself; docs/UI.md). Layers top to
// bottom, highest tier first, at preset positions (nothing moves). Healthy bundles are thin and quiet; problem
// bundles are thick, on top, and each health has its colour *and* its line (down dashed, degraded dotted, errors
// solid) and a label, for people who do not tell the colours apart. Labels are 12 px on screen at any zoom, and a
// row's labels are hidden rather than drawn over each other. The side panel opens on the worst links; a click on a
// bundle or node lists its cables; the search box lands on a node by name, GUID or LID; drag pans, the wheel zooms.
// Live: every fabric update the live stream (/events/live) announces re-reads the folded graph (no polling),
// and colours, widths and the summary change in place.
// main[data-map] says what is drawn (data-nodes: fabric nodes, data-drawn, data-updates) for people's tools and
// tests, the canvas's .map is the drawn map (zoom, pan, box, fit) and .graph what it was drawn from;
// performance.mark('fabricpulse:map-ready') is set when the map is painted and answers clicks, and
// data-drawn-ms / data-first-tap-ms / data-first-tap-latency-ms are what the map benchmark reads.

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
/** Zoom per pixel of wheel travel: a notch (100 px) zooms by about an eighth. */
const WHEEL_ZOOM = 1 / 500;
/** How far a pointer moves before a press is a drag (a pan) rather than a click. */
const DRAG_PX = 4;

/** Per health: the word a bundle's label says and its cue. Worst first; colours and lines are app.css's. */
const HEALTH = {
  DOWN: { word: 'down', cue: '✕' },
  ERRORS: { word: 'with errors', cue: '!' },
  DEGRADED: { word: 'degraded', cue: '↓' },
  UNKNOWN: { word: 'unknown', cue: '?' },
  OK: { word: 'ok', cue: '' },
};
const PROBLEMS = ['DOWN', 'ERRORS', 'DEGRADED'];
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

/** What a bundle shows: its health, width, and the label a problem bundle carries. */
function edgeData(e) {
  const problem = PROBLEMS.includes(e.status);
  const health = HEALTH[e.status] ?? HEALTH.UNKNOWN;
  return { id: e.id, source: e.source, target: e.target, status: e.status, cables: e.cables, problems: e.problems,
    load: e.load, width: edgeWidth(e), problem, rank: problem ? PROBLEMS.indexOf(e.status) : PROBLEMS.length,
    word: health.word, label: problem ? `${health.cue} ${e.problems} ${health.word}` : '' };
}

/** Node sizes by kind, in model units: fitting needs them before anything is drawn. */
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

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with these attributes. */
function make(tag, attributes = {}) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  return element;
}

const show = (element, shown) => (shown ? element.removeAttribute('display') : element.setAttribute('display', 'none'));

/**
 * The drawn map: one <svg> filling the canvas, one group in it carrying the view (pan, then zoom), and in that
 * group, bottom to top, the bundles, their click targets (wider than a thin line), the nodes, the node labels and
 * the problem bundles' labels. Positions are layout()'s model units. Bundle widths and dashes keep their size on
 * screen at any zoom (non-scaling strokes), and so do labels: their font size is 12 px divided by the zoom, set
 * once on the view group. The browser draws, hit-tests and restyles it (colours and lines are app.css's, by
 * data-status, so they follow the theme).
 */
class DrawnMap {
  constructor(container) {
    this.container = container;
    this.svg = make('svg', { class: 'map-svg', role: 'img' });
    this.view = make('g', { class: 'view' });
    this.edgeLayer = make('g', { class: 'edges' });
    this.hitLayer = make('g', { class: 'hits' });
    this.nodeLayer = make('g', { class: 'nodes' });
    this.nodeLabels = make('g', { class: 'node-labels' });
    this.edgeLabels = make('g', { class: 'edge-labels' });
    this.view.append(this.edgeLayer, this.hitLayer, this.nodeLayer, this.nodeLabels, this.edgeLabels);
    this.svg.append(this.view);
    container.replaceChildren(this.svg);
    /** id -> { data, at, shape, title, label } */
    this.nodes = new Map();
    /** id -> { data, line, hit, title, label } */
    this.edges = new Map();
    this.zoomLevel = 1;
    this.panAt = { x: 0, y: 0 };
    this.viewport({ zoom: 1, pan: this.panAt });
  }

  width() { return Math.max(this.container.clientWidth, 1); }

  height() { return Math.max(this.container.clientHeight, 1); }

  zoom() { return this.zoomLevel; }

  pan() { return { ...this.panAt }; }

  empty() { return this.nodes.size === 0; }

  /** Sets zoom (kept within the map's limits) and pan: screen = model × zoom + pan. */
  viewport({ zoom, pan }) {
    this.zoomLevel = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    this.panAt = { x: pan.x, y: pan.y };
    this.view.setAttribute('transform', `translate(${this.panAt.x} ${this.panAt.y}) scale(${this.zoomLevel})`);
    this.view.setAttribute('font-size', String(LABEL_PX / this.zoomLevel));
  }

  /** Zooms by {@code factor} keeping the model point under (x, y) on screen where it is. */
  zoomAround(factor, x, y) {
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, this.zoomLevel * factor));
    const scale = zoom / this.zoomLevel;
    this.viewport({ zoom, pan: { x: x - (x - this.panAt.x) * scale, y: y - (y - this.panAt.y) * scale } });
  }

  /** Fits these drawn nodes (ids) in the canvas with {@code padding} pixels around, as a person's zoom would. */
  fit(ids, padding = FIT_PADDING) {
    const points = ids.map((id) => this.nodes.get(id)?.at).filter(Boolean);
    if (points.length === 0) return;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const box = { x1: Math.min(...xs) - 30, x2: Math.max(...xs) + 30, y1: Math.min(...ys) - 30, y2: Math.max(...ys) + 30 };
    const zoom = Math.min((this.width() - 2 * padding) / (box.x2 - box.x1), (this.height() - 2 * padding) / (box.y2 - box.y1));
    this.centreOn({ x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 }, zoom);
  }

  /** Puts model point {@code p} in the middle of the canvas at {@code zoom}. */
  centreOn(p, zoom) {
    const z = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    this.viewport({ zoom: z, pan: { x: this.width() / 2 - p.x * z, y: this.height() / 2 - p.y * z } });
  }

  /** What is drawn (nodes, bundles, the labels shown), in screen pixels relative to the canvas. */
  box() {
    const b = this.view.getBBox();
    const z = this.zoomLevel;
    return { x1: b.x * z + this.panAt.x, y1: b.y * z + this.panAt.y,
      x2: (b.x + b.width) * z + this.panAt.x, y2: (b.y + b.height) * z + this.panAt.y };
  }

  /** Draws {@code graph} anew at {@code position} (layout()'s). */
  draw(graph, position) {
    this.nodes.clear();
    this.edges.clear();
    [this.edgeLayer, this.hitLayer, this.nodeLayer, this.nodeLabels, this.edgeLabels].forEach((layer) => layer.replaceChildren());
    graph.nodes.forEach((n) => this.addNode(n, position.get(n.id)));
    graph.edges.forEach((e) => this.addEdge(e));
    this.stack();
  }

  /** Whether {@code graph} draws exactly the nodes and bundles drawn now (then it can be applied in place). */
  sameShape(graph) {
    return graph.nodes.length === this.nodes.size && graph.edges.length === this.edges.size
      && graph.nodes.every((n) => this.nodes.has(n.id)) && graph.edges.every((e) => this.edges.has(e.id));
  }

  /** A graph of the same shape: health, widths, labels and names changed in place. */
  update(graph) {
    graph.nodes.forEach((n) => this.setNode(this.nodes.get(n.id), n));
    graph.edges.forEach((e) => this.setEdge(this.edges.get(e.id), e));
    this.stack();
  }

  addNode(n, at) {
    const [w, h] = sizeOf(n.kind);
    const shape = make('g', { class: 'node', 'data-node': n.id, 'data-kind': n.kind, transform: `translate(${at.x} ${at.y})` });
    shape.append(n.kind === 'HOSTS' ? make('circle', { r: w / 2 }) : make('rect', { x: -w / 2, y: -h / 2, width: w, height: h, rx: 4 }));
    if (n.kind === 'SWITCH_GROUP') shape.append(make('rect', { class: 'inner', x: -w / 2 + 4, y: -h / 2 + 4, width: w - 8, height: h - 8, rx: 2 }));
    const title = make('title');
    shape.append(title);
    // Odd switches hang their label above, the rest below: neighbours' labels get twice the room.
    const above = n.kind !== 'HOSTS' && n.order % 2 === 1;
    const label = make('text', { class: 'node-label', 'data-node': n.id, x: at.x, y: above ? at.y - h / 2 : at.y + h / 2,
      dy: above ? '-0.5em' : '1.2em', 'text-anchor': 'middle' });
    const node = { at, shape, title, label, spacing: at.spacing };
    this.nodes.set(n.id, node);
    this.setNode(node, n);
    this.nodeLayer.append(shape);
    this.nodeLabels.append(label);
  }

  setNode(node, n) {
    node.data = n;
    node.shape.dataset.status = n.status;
    node.title.textContent = n.name;
    node.label.textContent = n.label;
  }

  addEdge(e) {
    const source = this.nodes.get(e.source);
    const target = this.nodes.get(e.target);
    if (!source || !target) return;
    const ends = { x1: source.at.x, y1: source.at.y, x2: target.at.x, y2: target.at.y };
    const line = make('line', { class: 'edge', 'data-edge': e.id, ...ends });
    const hit = make('line', { class: 'hit', 'data-edge': e.id, ...ends });
    const title = make('title');
    hit.append(title);
    const label = make('text', { class: 'edge-label', 'data-edge': e.id, x: (ends.x1 + ends.x2) / 2, y: (ends.y1 + ends.y2) / 2,
      'text-anchor': 'middle', 'dominant-baseline': 'central' });
    const labelText = document.createTextNode('');
    const labelTitle = make('title');
    label.append(labelText, labelTitle);
    const edge = { line, hit, title, label, labelText, labelTitle, source, target };
    this.edges.set(e.id, edge);
    this.setEdge(edge, e);
    this.edgeLayer.append(line);
    this.hitLayer.append(hit);
    this.edgeLabels.append(label);
  }

  setEdge(edge, e) {
    const data = edgeData(e);
    edge.data = data;
    edge.line.dataset.status = data.status;
    edge.line.setAttribute('stroke-width', String(data.width));
    edge.label.dataset.status = data.status;
    edge.labelText.nodeValue = data.label;
    const cables = `${grouped.format(data.cables)} cable${data.cables === 1 ? '' : 's'}`;
    const text = `${edge.source.data.label} ↔ ${edge.target.data.label}: ${cables}, ${data.problem ? data.label.trim() : data.word}`;
    edge.title.textContent = text;
    edge.labelTitle.textContent = text;
    if (!data.problem) show(edge.label, false);
  }

  /** Healthy bundles first, then problems, the worst on top: what is wrong is never under what is fine. */
  stack() {
    const order = [...this.edges.values()].sort((a, b) => b.data.rank - a.data.rank);
    if (order.every((edge, i) => this.edgeLayer.children[i] === edge.line)) return;
    this.edgeLayer.append(...order.map((edge) => edge.line));
    this.hitLayer.append(...order.map((edge) => edge.hit));
    this.edgeLabels.append(...order.map((edge) => edge.label));
  }

  /**
   * Shows the node labels that fit their row at this zoom (and a selected node's), and the labels of the problem
   * bundles that do not cover a worse one's.
   */
  placeLabels() {
    const view = { zoom: this.zoomLevel, pan: this.panAt };
    for (const node of this.nodes.values()) {
      show(node.label, labelFits(node.data.label, node.data.kind, node.spacing, view.zoom) || node.shape.classList.contains('selected'));
    }
    const problems = [...this.edges.values()].filter((edge) => edge.data.problem);
    const apart = apartLabels(problems.map((edge) => bundleFacts(edge.data, edge.source.at, edge.target.at, view)));
    problems.forEach((edge) => show(edge.label, apart.has(edge.data.id)));
  }

  /** Marks one node selected (null: none). */
  select(id) {
    this.nodeLayer.querySelectorAll('.selected').forEach((shape) => shape.classList.remove('selected'));
    this.nodes.get(id)?.shape.classList.add('selected');
  }
}

/** The view centre() last set (zoom and pan), or null. */
let centred = null;

/** Moves the view so what is drawn (nodes, their labels, problem bundles' labels) has even margins. */
function centre(map) {
  const drawn = map.box();
  const pan = map.pan();
  map.viewport({ zoom: map.zoom(), pan: { x: pan.x + (map.width() - drawn.x2 - drawn.x1) / 2, y: pan.y + (map.height() - drawn.y2 - drawn.y1) / 2 } });
  centred = { zoom: map.zoom(), ...map.pan() };
  main.dataset.fittedFor = `${map.width()}x${map.height()}`; // the canvas size it was centred in, for tests
}

/** Whether the view is still where centre() put it: nobody has panned or zoomed since. */
function stillCentred(map) {
  return centred !== null && map.zoom() === centred.zoom && map.pan().x === centred.x && map.pan().y === centred.y;
}

/** Fits the drawn graph to the canvas, labels included, centred. */
function fitWithLabels(map) {
  if (map.empty()) return;
  map.viewport(fitView([...map.nodes.values()].map((node) => ({ x: node.at.x, y: node.at.y, kind: node.data.kind,
    label: node.data.label, spacing: node.spacing })), map.width(), map.height()));
  map.placeLabels();
  centre(map);
}

/** Keeps the whole fabric in view: a canvas that changes size (window, wall mode, panel) re-fits the graph. */
function fitOnResize(map) {
  let last = `${canvas.clientWidth}x${canvas.clientHeight}`;
  new ResizeObserver(() => {
    const size = `${canvas.clientWidth}x${canvas.clientHeight}`;
    if (size === last) return;
    last = size;
    fitWithLabels(map);
  }).observe(canvas);
}

/** Drag pans, the wheel zooms about the pointer; labels are placed anew once per frame while zooming. */
function handleViewport(map) {
  let press = null;
  let frame = 0;
  const relabel = () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      map.placeLabels();
    });
  };
  map.svg.addEventListener('pointerdown', (event) => {
    map.dragged = false;
    if (event.button === 0) press = { x: event.clientX, y: event.clientY, pan: map.pan(), pointer: event.pointerId, moving: false };
  });
  map.svg.addEventListener('pointermove', (event) => {
    if (!press) return;
    const dx = event.clientX - press.x;
    const dy = event.clientY - press.y;
    if (!press.moving) {
      if (Math.hypot(dx, dy) < DRAG_PX) return;
      press.moving = true;
      map.svg.setPointerCapture(press.pointer);
      map.svg.classList.add('panning');
    }
    map.viewport({ zoom: map.zoom(), pan: { x: press.pan.x + dx, y: press.pan.y + dy } });
  });
  const release = () => {
    if (press?.moving) map.dragged = true; // the click that ends a drag is no click on what lies under it
    press = null;
    map.svg.classList.remove('panning');
  };
  map.svg.addEventListener('pointerup', release);
  map.svg.addEventListener('pointercancel', release);
  map.svg.addEventListener('wheel', (event) => {
    event.preventDefault();
    const rect = map.svg.getBoundingClientRect();
    map.zoomAround(2 ** (-event.deltaY * WHEEL_ZOOM), event.clientX - rect.left, event.clientY - rect.top);
    relabel();
  }, { passive: false });
}

async function fetchJson(url) {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

function handleClicks(map) {
  // The first answered click, for the benchmark: when (since navigation) and how long after the click it was.
  const answered = (event) => {
    if (main.dataset.firstTapMs) return;
    const now = performance.now();
    main.dataset.firstTapMs = String(Math.round(now));
    main.dataset.firstTapLatencyMs = String(Math.round(now - (event.timeStamp ?? now)));
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
  map.svg.addEventListener('click', (event) => {
    if (map.dragged) {
      map.dragged = false;
      return;
    }
    const target = event.target.closest?.('[data-edge],[data-node]');
    if (!target) return;
    if (target.dataset.edge) {
      const edge = map.edges.get(target.dataset.edge);
      const title = `${edge.source.data.label} ↔ ${edge.target.data.label}: ${grouped.format(edge.data.cables)} cable${edge.data.cables === 1 ? '' : 's'}`;
      ask(event, title, `edge=${encodeURIComponent(edge.data.id)}`);
      return;
    }
    // A switch is one node: its alerts are a link away; a group or a host bundle has them per cable.
    const node = map.nodes.get(target.dataset.node).data;
    ask(event, node.name, `node=${encodeURIComponent(node.id)}`, node.kind === 'SWITCH' ? node.id : null);
  });
}

function handleSearch(map) {
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
    map.select(hit.drawn);
    const node = map.nodes.get(hit.drawn);
    if (node) map.centreOn(node.at, Math.max(map.zoom(), 1.5));
    map.placeLabels();
    showCables(hit.name, hit.cables);
  });
}

/** Applies a newer graph: in place when the same nodes and bundles are drawn, else drawn anew. */
function apply(map, graph) {
  // Labels that come or go with the news change what is drawn: a view nobody moved is centred again.
  const untouched = stillCentred(map);
  if (map.sameShape(graph)) {
    map.update(graph);
  } else {
    // A cable that comes or goes (a flapping link) redraws the graph; whoever zoomed in stays where they were
    // (positions come from the same layout), only a map that had nothing yet is fitted.
    const empty = map.empty();
    map.draw(graph, layout(graph, map.height() / map.width()));
    if (empty) {
      fitWithLabels(map);
      return;
    }
  }
  map.placeLabels();
  if (untouched) centre(map);
}

function stayLive(map) {
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
      apply(map, graph);
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
  let graph;
  try {
    graph = await fetchJson(asOf(GRAPH));
  } catch (error) {
    summary.textContent = `The topology is unavailable (${error.message}).`;
    return;
  }
  performance.mark('map:topology-read');
  const map = new DrawnMap(canvas);
  map.draw(graph, layout(graph, map.height() / map.width()));
  fitWithLabels(map);
  canvas.map = map; // for the browser tests and the console: the drawn map
  canvas.graph = graph; // and what it was drawn from
  handleViewport(map);
  handleClicks(map);
  handleSearch(map);
  fitOnResize(map);
  summary.textContent = describe(graph.summary);
  map.svg.setAttribute('aria-label', `Topology map: ${summary.textContent}`);
  main.dataset.nodes = String(graph.summary.nodes);
  main.dataset.shownAt = at ?? '';
  showWorst(graph);
  performance.mark('map:graph-built');
  // Drawn means painted with its handlers in place: the frame after this one has shown it.
  requestAnimationFrame(() => requestAnimationFrame(() => {
    main.dataset.drawnMs = String(Math.round(performance.now()));
    main.dataset.drawn = 'true';
    performance.mark('fabricpulse:map-ready');
  }));
  stayLive(map);
}

drawLoadLegend();
draw();
