// What the rate charts of every page share: numbers with thousands separators (one formatter), decimal prefixes on
// the axes, a round axis top, and one ECharts line option in the theme's colours (read from the CSS variables, so
// both themes draw right). Error counters are drawn as steps: a bucket's rate holds for the whole bucket, and a
// curve between two buckets would invent rates nobody measured.

const PREFIXES = ['', 'k', 'M', 'G', 'T', 'P'];
// en-US like the server's own numbers (web.DisplayFormat writes 1,234,567): one page never mixes two conventions.
const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 1234567.891 -> "1,234,567.891": every number a person reads whole goes through here. */
export function grouped(value) {
  return GROUPED.format(value);
}

/** 1234567 -> "1.23 M" (three significant digits, decimal prefixes), for axes where space is short. */
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
  return `${grouped(Number(scaled.toPrecision(3)))}${PREFIXES[i] ? ` ${PREFIXES[i]}` : ''}`;
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

/**
 * The line chart of one rate chart answer ({counter, points: [{at, value}]}), y from 0 to {@code max}.
 * {@code steps}: draw the rate as steps (error counters). {@code linkBytesPerSecond}: the link's data rate, for a
 * bytes/s series: a second axis and the tooltip give the rate in % of it.
 */
export function lineOption(chart, unit, max, { steps = false, linkBytesPerSecond = null } = {}) {
  const text = css('--muted');
  const percentOf = linkBytesPerSecond > 0 && unit === 'B/s' ? (v) => (v / linkBytesPerSecond) * 100 : null;
  const yAxis = [{
    type: 'value', min: 0, max, axisLabel: { color: text, formatter: (v) => `${withPrefix(v)} ${unit}` },
    splitLine: { lineStyle: { color: css('--line') } },
  }];
  if (percentOf) {
    yAxis.push({
      type: 'value', min: 0, max: percentOf(max), name: '% of link', nameTextStyle: { color: text },
      axisLabel: { color: text, formatter: (v) => `${PERCENT.format(v)} %` }, splitLine: { show: false },
    });
  }
  return {
    animation: false,
    grid: { left: 78, right: percentOf ? 64 : 16, top: percentOf ? 28 : 16, bottom: 32 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (v) => (v == null ? 'no data'
        : `${grouped(v)} ${unit}${percentOf ? ` (${PERCENT.format(percentOf(v))} % of link rate)` : ''}`),
    },
    xAxis: { type: 'time', axisLabel: { color: text }, axisLine: { lineStyle: { color: css('--line') } } },
    yAxis,
    series: [{
      type: 'line', name: chart.counter, showSymbol: false, connectNulls: false, smooth: false,
      step: steps ? 'end' : false, // a bucket's rate holds until the next bucket starts
      lineStyle: { width: 1.5, color: css('--accent') }, itemStyle: { color: css('--accent') },
      areaStyle: { color: css('--accent'), opacity: 0.12 },
      data: points(chart),
    }],
  };
}

/** The [at, value] pairs ECharts draws. */
export function points(chart) {
  return chart.points.map((p) => [p.at, p.value]);
}

/** The highest value of the charts' points, 0 when none. */
export function peakOf(charts) {
  return charts.filter(Boolean).reduce((m, c) => c.points.reduce((n, p) => Math.max(n, p.value ?? 0), m), 0);
}
