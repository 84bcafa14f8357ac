// The port page's rate history: one series (the picker) over a range (15 min .. 24 h) at this port
// and at its far end, side by side on the same scale so the two ends compare at a glance. Data from
// /api/v1/links/{guid}/{port}/rates (both ends in one answer), redrawn every REFRESH_MS.
// Ranges end at the server's "now" (rendered into the page), not the browser's: a workstation clock
// that is off would otherwise ask for a range the store has not filled.
// Each chart element says what it shows (data-counter, data-points: non-empty buckets, data-peak: the
// highest rate) for people's tools and tests, and data-empty with a reason when there is nothing to draw.

import { loadECharts } from './lib/vendor.js';

const REFRESH_MS = 10_000;
const RANGES_MS = { '15m': 15 * 60_000, '1h': 3_600_000, '6h': 6 * 3_600_000, '24h': 24 * 3_600_000 };
const PREFIXES = ['', 'k', 'M', 'G', 'T', 'P'];

const section = document.querySelector('[data-rate-charts]');
const select = section.querySelector('[data-chart-counter]');
const status = section.querySelector('[data-chart-status]');
const elements = { port: section.querySelector('[data-chart="port"]'), peer: section.querySelector('[data-chart="peer"]') };
const clockOffsetMs = Number(section.dataset.serverNow) - Date.now();
let range = section.querySelector('[data-range][aria-pressed="true"]').dataset.range;
let echarts = null;
const charts = {};
let drawing = 0;

/** 1234567 -> "1.23 M" (three significant digits, decimal prefixes). */
export function withPrefix(value) {
  if (value === 0) {
    return '0';
  }
  let scaled = value;
  let i = 0;
  while (Math.abs(scaled) >= 1000 && i < PREFIXES.length - 1) {
    scaled /= 1000;
    i++;
  }
  return `${Number(scaled.toPrecision(3))}${PREFIXES[i] ? ` ${PREFIXES[i]}` : ''}`;
}

/** The axis top for a peak: 1, 2 or 5 times a power of ten at or above it (1 for an all-zero chart). */
export function niceCeiling(peak) {
  if (!(peak > 0)) {
    return 1;
  }
  const power = 10 ** Math.floor(Math.log10(peak));
  return [1, 2, 5, 10].map((f) => f * power).find((top) => top >= peak);
}

function css(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

function option(chart, unit, max) {
  const text = css('--muted');
  return {
    animation: false,
    grid: { left: 70, right: 16, top: 16, bottom: 32 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => (v == null ? 'no data' : `${withPrefix(v)} ${unit}`) },
    xAxis: { type: 'time', axisLabel: { color: text }, axisLine: { lineStyle: { color: css('--line') } } },
    yAxis: {
      type: 'value', min: 0, max, axisLabel: { color: text, formatter: (v) => `${withPrefix(v)} ${unit}` },
      splitLine: { lineStyle: { color: css('--line') } },
    },
    series: [{
      type: 'line', name: chart.counter, showSymbol: false, connectNulls: false,
      lineStyle: { width: 1.5, color: css('--accent') }, itemStyle: { color: css('--accent') },
      areaStyle: { color: css('--accent'), opacity: 0.12 },
      data: chart.points.map((p) => [p.at, p.value]),
    }],
  };
}

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
  charts[name].setOption(option(chart, unit, max), true);
}

async function draw() {
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
    const peak = [data.port, data.peer].filter(Boolean)
      .reduce((m, c) => c.points.reduce((n, p) => Math.max(n, p.value ?? 0), m), 0);
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
setInterval(draw, REFRESH_MS);
draw();
