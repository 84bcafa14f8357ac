// What the rate charts of every page share: numbers with decimal prefixes, a round axis top, and one
// ECharts line option in the theme's colours (read from the CSS variables, so both themes draw right).

const PREFIXES = ['', 'k', 'M', 'G', 'T', 'P'];

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

/** The line chart of one rate chart answer ({counter, points: [{at, value}]}), y from 0 to {@code max}. */
export function lineOption(chart, unit, max) {
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

/** The highest value of the charts' points, 0 when none. */
export function peakOf(charts) {
  return charts.filter(Boolean).reduce((m, c) => c.points.reduce((n, p) => Math.max(n, p.value ?? 0), m), 0);
}
