// The port page's rate history: one series (the picker) over a range (15 min .. 24 h) at this port
// and at its far end, side by side on the same scale so the two ends compare at a glance. Data from
// /api/v1/links/{guid}/{port}/rates (both ends in one answer). The picker opens on what the port alerts on (the
// server chose it); error counters are drawn as steps, bytes/s also in % of the link's rate.
// Live without polling: after each fabric change that /events/live announces (lib/live-page.js's
// 'fabricpulse:fabric-changed'), only the buckets from the last one drawn on are read, at the same step, and
// appended (the last, still filling, bucket replaced); buckets that fell out of the range are dropped. The whole
// range is read again only when the series or the range changes.
// Ranges end at the server's "now" (rendered into the page), not the browser's: a workstation clock
// that is off would otherwise ask for a range the store has not filled.
// Each chart element says what it shows (data-counter, data-points: non-empty buckets, data-peak: the
// highest rate, data-steps, data-appends: live reads appended) for people's tools and tests, and data-empty with a
// reason when there is nothing to draw.

import { send } from './lib/api.js';
import { loadECharts } from './lib/vendor.js';
import { lineOption, niceCeiling, peakOf, points } from './lib/charts.js';

const RANGES_MS = { '15m': 15 * 60_000, '1h': 3_600_000, '6h': 6 * 3_600_000, '24h': 24 * 3_600_000 };

const section = document.querySelector('[data-rate-charts]');
const select = section.querySelector('[data-chart-counter]');
const status = section.querySelector('[data-chart-status]');
const elements = { port: section.querySelector('[data-chart="port"]'), peer: section.querySelector('[data-chart="peer"]') };
const clockOffsetMs = Number(section.dataset.serverNow) - Date.now();
const linkBytesPerSecond = Number(section.dataset.linkBytesPerSecond) || null;
let range = section.querySelector('[data-range][aria-pressed="true"]').dataset.range;
let echarts = null;
const charts = {};
let drawing = 0;
/** What is drawn: the series, its range and step, and each end's answer ({points}), null before the first. */
let drawn = null;
let following = false;

function serverNow() {
  return new Date(Date.now() + clockOffsetMs);
}

async function read(from, to, step) {
  const params = new URLSearchParams({ counter: select.value, from: from.toISOString(), to: to.toISOString() });
  if (step) {
    params.set('step', `${step}s`);
  }
  return send('GET', `/api/v1/links/${section.dataset.guid}/${section.dataset.port}/rates?${params}`);
}

function options() {
  const option = select.selectedOptions[0];
  return { unit: option.dataset.unit, steps: option.dataset.steps === 'true', linkBytesPerSecond };
}

function describe(name, chart) {
  const el = elements[name];
  el.dataset.points = String(chart ? chart.points.filter((p) => p.value != null).length : 0);
  el.dataset.counter = drawn.counter;
  el.dataset.peak = String(chart ? peakOf([chart]) : 0);
  el.dataset.steps = String(options().steps);
}

function show(name, chart, max) {
  const el = elements[name];
  describe(name, chart);
  if (!chart) {
    el.dataset.empty = 'true';
    el.dataset.emptyText = 'The far end of this port is not known.';
    charts[name]?.dispose();
    delete charts[name];
    return;
  }
  el.dataset.empty = String(el.dataset.points === '0');
  el.dataset.emptyText = 'No samples in this range yet.';
  const { unit, ...style } = options();
  charts[name] ??= echarts.init(el, null, { renderer: 'canvas' });
  charts[name].setOption(lineOption(chart, unit, max, style), true);
}

function failed(error) {
  status.hidden = false;
  status.dataset.outcome = 'refused';
  status.textContent = `Charts unavailable: ${error.message}`;
}

/** Reads and draws the whole range: on load, and when the series or the range changes. */
async function draw() {
  const mine = ++drawing;
  const to = serverNow();
  const from = new Date(to.getTime() - RANGES_MS[range]);
  try {
    echarts ??= await loadECharts();
    const data = await read(from, to, null);
    if (mine !== drawing) {
      return; // a newer request (another series or range) has been made meanwhile
    }
    drawn = { counter: select.value, range, step: data.port.stepSeconds, port: data.port, peer: data.peer };
    // One scale for both ends: the same height means the same rate.
    const max = niceCeiling(peakOf([data.port, data.peer]));
    show('port', data.port, max);
    show('peer', data.peer, max);
    status.hidden = true;
  } catch (error) {
    failed(error);
  }
}

/** {@code old}'s buckets before {@code fresh}'s first, then {@code fresh}'s, without those before {@code from}. */
function merged(old, fresh, from) {
  if (!old || !fresh) {
    return fresh ?? old;
  }
  const cut = fresh.points.length ? Date.parse(fresh.points[0].at) : Infinity;
  const kept = old.points.filter((p) => Date.parse(p.at) < cut && Date.parse(p.at) >= from);
  return { ...old, points: kept.concat(fresh.points) };
}

/** Appends the buckets since the last one drawn (that one read again: it was still filling). */
async function follow() {
  if (!drawn || following || drawn.counter !== select.value || drawn.range !== range) {
    return;
  }
  following = true;
  const mine = drawing;
  try {
    const to = serverNow();
    const last = drawn.port.points.at(-1);
    const from = last ? new Date(last.at) : new Date(to.getTime() - RANGES_MS[range]);
    const data = await read(from, to, drawn.step);
    if (mine !== drawing || !drawn) {
      return; // the whole range was read meanwhile
    }
    const start = to.getTime() - RANGES_MS[range];
    drawn.port = merged(drawn.port, data.port, start);
    drawn.peer = merged(drawn.peer, data.peer, start);
    const max = niceCeiling(peakOf([drawn.port, drawn.peer]));
    const { unit, ...style } = options();
    for (const name of ['port', 'peer']) {
      const chart = drawn[name];
      if (chart && charts[name]) {
        // Merged, not replaced: ECharts keeps the axes and redraws the new data; the top moves only with the peak.
        charts[name].setOption({ yAxis: lineOption(chart, unit, max, style).yAxis, series: [{ data: points(chart) }] });
        describe(name, chart);
        elements[name].dataset.empty = String(elements[name].dataset.points === '0');
        elements[name].dataset.appends = String(Number(elements[name].dataset.appends ?? 0) + 1);
      }
    }
    status.hidden = true;
  } catch (error) {
    failed(error);
  } finally {
    following = false;
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
document.addEventListener('fabricpulse:fabric-changed', follow);
draw();
