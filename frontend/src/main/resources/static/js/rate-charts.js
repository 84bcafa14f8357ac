// The port page's rate history: one series (the picker) over a range (15 min .. 24 h) at this port
// and at its far end, side by side on the same scale so the two ends compare at a glance. Data from
// /api/v1/links/{guid}/{port}/rates (both ends in one answer), read again after each fabric change that
// /events/live announces (lib/live-page.js's 'fabricpulse:fabric-changed'), so new points appear without polling.
// Ranges end at the server's "now" (rendered into the page), not the browser's: a workstation clock
// that is off would otherwise ask for a range the store has not filled.
// Each chart element says what it shows (data-counter, data-points: non-empty buckets, data-peak: the
// highest rate) for people's tools and tests, and data-empty with a reason when there is nothing to draw.

import { loadECharts } from './lib/vendor.js';
import { lineOption, niceCeiling, peakOf } from './lib/charts.js';

const RANGES_MS = { '15m': 15 * 60_000, '1h': 3_600_000, '6h': 6 * 3_600_000, '24h': 24 * 3_600_000 };

const section = document.querySelector('[data-rate-charts]');
const select = section.querySelector('[data-chart-counter]');
const status = section.querySelector('[data-chart-status]');
const elements = { port: section.querySelector('[data-chart="port"]'), peer: section.querySelector('[data-chart="peer"]') };
const clockOffsetMs = Number(section.dataset.serverNow) - Date.now();
let range = section.querySelector('[data-range][aria-pressed="true"]').dataset.range;
let echarts = null;
const charts = {};
let drawing = 0;

function show(name, chart, unit, max) {
  const el = elements[name];
  const points = chart ? chart.points.filter((p) => p.value != null).length : 0;
  el.dataset.points = String(points);
  el.dataset.counter = select.value;
  el.dataset.peak = String(chart ? chart.points.reduce((m, p) => Math.max(m, p.value ?? 0), 0) : 0);
  if (!chart) {
    el.dataset.empty = 'true';
    el.dataset.emptyText = 'The far end of this port is not known.';
    charts[name]?.dispose();
    delete charts[name];
    return;
  }
  el.dataset.empty = String(points === 0);
  el.dataset.emptyText = 'No samples in this range yet.';
  charts[name] ??= echarts.init(el, null, { renderer: 'canvas' });
  charts[name].setOption(lineOption(chart, unit, max), true);
}

async function draw() {
  lastDraw = performance.now();
  const mine = ++drawing;
  const to = new Date(Date.now() + clockOffsetMs);
  const from = new Date(to.getTime() - RANGES_MS[range]);
  const params = new URLSearchParams({ counter: select.value, from: from.toISOString(), to: to.toISOString() });
  try {
    echarts ??= await loadECharts();
    const response = await fetch(`/api/v1/links/${section.dataset.guid}/${section.dataset.port}/rates?${params}`,
      { headers: { Accept: 'application/json' } });
    const data = await response.json();
    if (!response.ok) {
      throw new Error(data?.detail || `${response.status}`);
    }
    if (mine !== drawing) {
      return; // a newer request (another series or range) has been made meanwhile
    }
    const unit = select.selectedOptions[0].dataset.unit;
    // One scale for both ends: the same height means the same rate.
    const peak = peakOf([data.port, data.peer]);
    show('port', data.port, unit, niceCeiling(peak));
    show('peer', data.peer, unit, niceCeiling(peak));
    status.hidden = true;
  } catch (error) {
    status.hidden = false;
    status.dataset.outcome = 'refused';
    status.textContent = `Charts unavailable: ${error.message}`;
  }
}

select.addEventListener('change', draw);
for (const button of section.querySelectorAll('[data-range]')) {
  button.addEventListener('click', () => {
    range = button.dataset.range;
    section.querySelectorAll('[data-range]').forEach((b) => b.setAttribute('aria-pressed', String(b === button)));
    draw();
  });
}
window.addEventListener('resize', () => Object.values(charts).forEach((c) => c.resize()));
// A chart's points are buckets of several seconds or more: after a fabric change, read again at most every
// FOLLOW_MS, not after every batch of a fabric that reports each second.
const FOLLOW_MS = 5_000;
let lastDraw = 0;
document.addEventListener('fabricpulse:fabric-changed', () => {
  if (performance.now() - lastDraw >= FOLLOW_MS) {
    draw();
  }
});
draw();
