// The overview's firing-alert strip, live: every 'live' event of /events/live carries the strip (AlertStrip as
// JSON: counts by severity, the worst groups of firing alerts (one line per cable) in the alerts page's order,
// already formatted), which replaces what the strip shows, in place. Lines are reused; only their text changes.

import { bind, reuseChildren } from './lib/bind.js';
import { subscribe } from './lib/live-events.js';

const strip = document.querySelector('[data-alert-strip]');
// A page rendered in the past (?at=, time-slider.js) shows a strip that no live event may change.
if (strip && !document.querySelector('main[data-at]')) {
  const counts = strip.querySelector('[data-strip-counts]');
  const list = strip.querySelector('[data-strip-lines]');
  const template = strip.querySelector('[data-strip-line-template]');
  const empty = strip.querySelector('[data-strip-empty]');
  const more = strip.querySelector('.showing[data-text="more"]');
  const status = strip.querySelector('[data-strip-status]');
  status.hidden = false;
  const main = document.querySelector('main');
  subscribe('/events/live', 'live', {
    onData(data) {
      if (main.dataset.at) return; // moved into the past since (time-slider.js): live updates paused
      bind(counts, data);
      more.textContent = data.more ?? '';
      empty.hidden = data.total > 0;
      reuseChildren(list, template, data.lines, (li, line) => {
        li.dataset.alertId = String(line.id);
        li.dataset.group = line.key;
        li.dataset.alerts = String(line.alerts);
        li.dataset.severity = line.severity;
        li.querySelector('.severity').className = `severity ${line.severity}`;
        bind(li, line);
        ends(li.querySelector('[data-ends]'), line.ends);
      });
      strip.dataset.version = data.version;
      strip.dataset.updates = String(Number(strip.dataset.updates ?? 0) + 1);
    },
    onStatus(state, text) {
      status.dataset.stripStatus = state;
      status.textContent = text;
    },
  });
}

/** Both ends as the server renders them: short name and port, the full name on hover. */
function ends(cell, list) {
  const key = list.map((e) => e.href).join(' ');
  if (cell.dataset.key === key) {
    return;
  }
  cell.dataset.key = key;
  cell.replaceChildren(...list.flatMap((end, index) => {
    const a = Object.assign(document.createElement('a'), { className: 'end-name', href: end.href, title: end.label });
    a.append(Object.assign(document.createElement('span'), { className: 'short', textContent: end.name }),
      Object.assign(document.createElement('span'), { className: 'port', textContent: end.port }));
    return index < list.length - 1 ? [a, document.createTextNode(' ↔ ')] : [a];
  }));
}
