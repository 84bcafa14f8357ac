// The job page's traffic charts: the chosen series at each of the job's ports from the job's start to its
// end (or the server's now, rendered into the page, for a running job, then redrawn after a fabric change that
// /events/live announces, at most every REDRAW_MS: a job's range is hours of every port), all on one scale so
// the ports compare at a glance; error counters as steps. Data from /api/v1/ports/{guid}/{port}/rates.
// Each chart element says what it shows (data-points: non-empty buckets, data-peak: the highest rate).

import { send } from './lib/api.js';
import { loadECharts } from './lib/vendor.js';
import { lineOption, niceCeiling, peakOf } from './lib/charts.js';

const REDRAW_MS = 30_000;

const section = document.querySelector('[data-job-charts]');
if (section) {
  const select = section.querySelector('[data-chart-counter]');
  const status = section.querySelector('[data-chart-status]');
  const elements = [...section.querySelectorAll('[data-job-chart]')];
  const from = new Date(section.dataset.from);
  const serverTo = new Date(section.dataset.to);
  const running = section.dataset.running === 'true';
  const clockOffsetMs = serverTo.getTime() - Date.now();
  const charts = new Map();
  let echarts = null;
  let drawing = 0;

  async function rates(el, to) {
    const params = new URLSearchParams({ counter: select.value, from: from.toISOString(), to: to.toISOString() });
    return send('GET', `/api/v1/ports/${el.dataset.guid}/${el.dataset.port}/rates?${params}`);
  }

  let lastDraw = 0;

  async function draw() {
    lastDraw = performance.now();
    const mine = ++drawing;
    const to = running ? new Date(Date.now() + clockOffsetMs) : serverTo;
    try {
      echarts ??= await loadECharts();
      const answers = await Promise.all(elements.map((el) => rates(el, to)));
      if (mine !== drawing) {
        return;
      }
      const { unit, steps } = select.selectedOptions[0].dataset;
      const max = niceCeiling(peakOf(answers));
      answers.forEach((chart, i) => {
        const el = elements[i];
        const points = chart.points.filter((p) => p.value != null).length;
        el.dataset.points = String(points);
        el.dataset.peak = String(peakOf([chart]));
        el.dataset.empty = String(points === 0);
        el.dataset.emptyText = 'No samples of this port during the job.';
        if (!charts.has(el)) {
          charts.set(el, echarts.init(el, null, { renderer: 'canvas' }));
        }
        charts.get(el).setOption(lineOption(chart, unit, max, { steps: steps === 'true' }), true);
      });
      status.hidden = true;
    } catch (error) {
      status.hidden = false;
      status.dataset.outcome = 'refused';
      status.textContent = `Charts unavailable: ${error.message}`;
    }
  }

  select.addEventListener('change', draw);
  window.addEventListener('resize', () => charts.forEach((c) => c.resize()));
  if (running) {
    document.addEventListener('fabricpulse:fabric-changed', () => {
      if (performance.now() - lastDraw >= REDRAW_MS) {
        draw();
      }
    });
  }
  draw();
}
