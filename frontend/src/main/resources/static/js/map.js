// The topology map: reads /api/v1/topology once, folds it (lib/fat-tree.js) and draws it with
// Cytoscape.js at preset positions (layers top to bottom; no force layout, so thousands of nodes lay
// out at once and never move). Colour is a link's health, thickness its load (the busiest cable's share
// of its data rate). The graph is fitted to the canvas when drawn and whenever the canvas changes size.
// A click on a link or node lists its cables, worst first, each end a link to its port page; the search
// box lands on a node by name, GUID or LID.
// main[data-map] says what is drawn (data-nodes: fabric nodes, data-drawn) for people's tools and tests;
// data-drawn-ms, data-first-tap-ms (milliseconds since navigation) and data-first-tap-latency-ms (click to
// answer) are what the map benchmark (MapInteractiveBench) reads.

import { loadCytoscape } from './lib/vendor.js';
import { WORST_FIRST, edgeWidth, find, foldFatTree, loadOf } from './lib/fat-tree.js';

const main = document.querySelector('main[data-map]');
const canvas = main.querySelector('[data-map-canvas]');
const panel = main.querySelector('[data-map-panel]');
const summary = main.querySelector('[data-map-summary]');
const loadLegend = main.querySelector('[data-load-legend]');
/** Space kept around the fitted graph, in pixels: room for the outer labels. */
const FIT_PADDING = 24;

const COLOURS = { OK: '--ok', DEGRADED: '--warn', ERRORS: '--error', DOWN: '--error', UNKNOWN: '--muted' };
const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
const colour = (status) => css(COLOURS[status] ?? '--muted');

function endLink(end) {
  const a = document.createElement('a');
  a.href = `/nodes/${end.nodeGuid}/ports/${end.port}`;
  a.textContent = `${end.nodeName}[${end.port}]`;
  a.dataset.endLink = '';
  return a;
}

function showCables(title, cables) {
  panel.replaceChildren();
  const h = document.createElement('h2');
  h.textContent = title;
  const list = document.createElement('ul');
  list.className = 'cables';
  const ranked = [...cables].sort((x, y) => WORST_FIRST.indexOf(x.health?.status ?? 'UNKNOWN')
    - WORST_FIRST.indexOf(y.health?.status ?? 'UNKNOWN'));
  for (const cable of ranked) {
    const item = document.createElement('li');
    const status = cable.health?.status ?? 'UNKNOWN';
    item.dataset.status = status;
    const errors = cable.health && cable.health.errorsPerSecond > 0 ? `, ${cable.health.errorsPerSecond.toPrecision(3)} errors/s` : '';
    const load = loadOf(cable);
    const used = load === null ? '' : `, ${Math.round(load * 100)}% load`;
    item.append(endLink(cable.a), ' ↔ ', endLink(cable.b), ` — ${status.toLowerCase()}${errors}${used}`);
    list.append(item);
  }
  panel.append(h, list);
}

/** The thickness key, drawn with the same widths as the edges so the legend cannot disagree with the map. */
function drawLoadLegend() {
  const items = [0, 0.25, 0.5, 0.75, 1].map((load) => {
    const item = document.createElement('span');
    item.className = 'load-sample';
    const line = document.createElement('span');
    line.className = 'load-line';
    line.style.height = `${edgeWidth(load)}px`;
    item.append(line, `${load * 100}%`);
    return item;
  });
  const unknown = document.createElement('span');
  unknown.className = 'load-sample';
  unknown.append(Object.assign(document.createElement('span'), { className: 'load-line unknown' }), 'no rate yet');
  loadLegend.replaceChildren(...items, unknown);
}

/** Keeps the whole fabric in view: a canvas that changes size (window, wall mode, panel) re-fits the graph. */
function fitOnResize(cy) {
  let last = `${canvas.clientWidth}x${canvas.clientHeight}`;
  new ResizeObserver(() => {
    const size = `${canvas.clientWidth}x${canvas.clientHeight}`;
    if (size === last) return;
    last = size;
    cy.resize();
    cy.fit(undefined, FIT_PADDING);
  }).observe(canvas);
}

async function draw() {
  // The library and the topology download side by side: neither waits for the other.
  const library = loadCytoscape();
  const response = await fetch('/api/v1/topology', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    summary.textContent = `The topology is unavailable (${response.status}).`;
    return;
  }
  const doc = await response.json();
  performance.mark('map:topology-read');
  const folded = foldFatTree(doc, { aspect: canvas.clientHeight / Math.max(canvas.clientWidth, 1) });
  const cytoscape = await library;
  performance.mark('map:library-loaded');
  const cy = cytoscape({
    container: canvas,
    elements: folded.elements,
    layout: { name: 'preset', fit: true, padding: FIT_PADDING },
    minZoom: 0.05,
    maxZoom: 4,
    wheelSensitivity: 0.3,
    style: [
      { selector: 'node', style: { label: 'data(label)', color: css('--text'), 'font-size': 11,
        'text-valign': 'bottom', 'text-margin-y': 4, 'background-color': css('--accent'), width: 18, height: 18,
        // Labels too small to read are not drawn: zoomed out, thousands of them are only noise (and cost).
        'min-zoomed-font-size': 7 } },
      { selector: 'node[role="spine"]', style: { shape: 'round-rectangle', width: 34 } },
      { selector: 'node[role="leaf"]', style: { shape: 'rectangle', width: 28 } },
      { selector: 'node[role="hosts"]', style: { shape: 'ellipse', width: 30, height: 30,
        'background-color': (n) => colour(n.data('status')) } },
      { selector: 'edge', style: { width: 'data(width)', 'line-color': (e) => colour(e.data('status')), opacity: 0.8 } },
      { selector: 'edge[!loadKnown]', style: { 'line-style': 'dashed', 'line-dash-pattern': [4, 4] } },
      { selector: 'edge[status="ERRORS"], edge[status="DOWN"]', style: { 'z-index': 10, opacity: 1 } },
      { selector: ':selected', style: { 'overlay-color': css('--accent'), 'overlay-opacity': 0.3, 'overlay-padding': 6 } },
    ],
  });
  canvas.cy = cy; // for the browser tests and the console: the drawn graph
  canvas.folded = folded; // and what each drawn edge holds (its cables)
  // The first answered click, for the benchmark: when (since navigation) and how long after the click it was.
  const answered = (event) => {
    if (main.dataset.firstTapMs) return;
    const now = performance.now();
    main.dataset.firstTapMs = String(Math.round(now));
    main.dataset.firstTapLatencyMs = String(Math.round(now - (event.originalEvent?.timeStamp ?? now)));
  };
  cy.on('tap', 'edge', (event) => {
    const edge = folded.edges.get(event.target.id());
    showCables(`${edge.cables.length} cable${edge.cables.length === 1 ? '' : 's'}`, edge.cables);
    answered(event);
  });
  cy.on('tap', 'node', (event) => {
    const id = event.target.id();
    const cables = [...folded.edges.values()].filter((e) => e.source === id || e.target === id).flatMap((e) => e.cables);
    showCables(event.target.data('label'), cables);
    answered(event);
  });
  fitOnResize(cy);
  main.querySelector('[data-map-search]').addEventListener('submit', (event) => {
    event.preventDefault();
    const hit = find(new FormData(event.target).get('q') ?? '', doc, folded.drawnId);
    main.dataset.found = hit ? hit.id : '';
    if (!hit) {
      panel.replaceChildren(Object.assign(document.createElement('p'), { className: 'empty', textContent: 'Nothing matches.' }));
      return;
    }
    const node = cy.getElementById(hit.id);
    cy.elements().unselect();
    node.select();
    cy.animate({ center: { eles: node }, zoom: 1.5 }, { duration: 300 });
    const cables = doc.links.filter((l) => l.a.nodeGuid === hit.guid || l.b.nodeGuid === hit.guid);
    showCables(folded.nodes.get(hit.guid).name, cables);
  });
  const bad = doc.links.filter((l) => ['ERRORS', 'DOWN'].includes(l.health?.status)).length;
  summary.textContent = `${doc.nodes.length} nodes, ${doc.links.length} cables, ${bad} with errors or down`;
  main.dataset.nodes = String(doc.nodes.length);
  // Drawn means painted with its handlers in place: Cytoscape paints on the next animation frame.
  performance.mark('map:graph-built');
  cy.one('render', () => {
    main.dataset.drawnMs = String(Math.round(performance.now()));
    main.dataset.drawn = 'true';
  });
}

drawLoadLegend();
draw();
