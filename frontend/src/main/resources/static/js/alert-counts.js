// The overview's firing-alert counts by severity, kept current: /alerts/firing-counts is read every
// 10 seconds and each [data-alert-count="<SEVERITY>"] element shows its number, [data-alert-count=total]
// their sum; the stat is flagged (data-on, red in app.css) while any fires.

const REFRESH_MS = 10_000;
const counters = document.querySelectorAll('[data-alert-count]');

async function refresh() {
  try {
    const response = await fetch('/alerts/firing-counts', { headers: { Accept: 'application/json' } });
    if (!response.ok) {
      return;
    }
    const counts = await response.json();
    counts.total = Object.values(counts).reduce((sum, n) => sum + n, 0);
    for (const el of counters) {
      const value = counts[el.dataset.alertCount];
      if (typeof value === 'number' && el.textContent !== String(value)) {
        el.textContent = String(value);
        el.closest('.stat')?.setAttribute('data-on', String(counts.total > 0));
      }
    }
  } catch (error) {
    // The ports stream shows the connection state; the next read tries again.
  }
}

if (counters.length > 0) {
  setInterval(refresh, REFRESH_MS);
}
