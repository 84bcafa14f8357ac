// The overview's live summary, worst links, ports table and error view: every 'ports' event from /events/ports carries a whole
// snapshot (OverviewSnapshot as JSON), which replaces what the page shows, in place. Rows are reused
// and only their cells' text changes, so nothing on screen moves but the numbers.

import { bind, reuseChildren } from './lib/bind.js';
import { subscribe } from './lib/live-events.js';

const page = document.querySelector('main[data-events]');
if (page) {
  start(page);
}

function start(main) {
  const roots = main.querySelectorAll('[data-live-root]');
  const body = main.querySelector('[data-port-rows]');
  const template = main.querySelector('[data-port-row-template]');
  const empty = main.querySelector('[data-ports-empty]');
  const errorBody = main.querySelector('[data-error-rows]');
  const errorTemplate = main.querySelector('[data-error-row-template]');
  const status = main.querySelector('[data-live-status]');
  const linkBody = main.querySelector('[data-link-rows]');
  const linkTemplate = main.querySelector('[data-link-row-template]');
  status.hidden = false;
  showHealthyOnAsk(main.querySelector('section.ports'), main.querySelector('[data-healthy-toggle]'));

  subscribe(main.dataset.events, 'ports', {
    onData(snapshot) {
      if (main.dataset.at) return; // a past view (time-slider.js): live updates paused
      roots.forEach((root) => bind(root, snapshot));
      renderRows(body, template, snapshot.rows);
      renderRows(errorBody, errorTemplate, snapshot.errorRows);
      renderRows(linkBody, linkTemplate, snapshot.links);
      empty.hidden = snapshot.total > 0;
    },
    onStatus(state, text) {
      status.dataset.liveStatus = state;
      status.textContent = text;
    },
  });
}

function renderRows(body, template, rows) {
  reuseChildren(body, template, rows, (tr, row) => {
    tr.dataset.key = row.key;
    if ('severity' in row) {
      tr.dataset.severity = row.severity;
    }
    if ('status' in row) {
      tr.dataset.status = row.status;
    }
    if ('errors' in row) {
      tr.dataset.errors = String(row.errors);
    }
    bind(tr, row);
  });
}

/** Healthy ports are hidden until asked for: the bad ones are what a person looks for. */
function showHealthyOnAsk(section, button) {
  button.addEventListener('click', () => {
    const show = section.dataset.healthy === 'hidden';
    section.dataset.healthy = show ? 'shown' : 'hidden';
    button.setAttribute('aria-pressed', String(show));
    button.textContent = show ? 'Hide healthy' : 'Show healthy';
  });
}
