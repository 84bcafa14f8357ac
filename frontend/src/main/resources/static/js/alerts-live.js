// The alert list stays current on a wall screen: the tabs' counts and the rows are re-read from the
// server every data-refresh-seconds (see lib/live-page.js); a new or acknowledged alert appears
// without a reload and without moving anything else.

import { refreshEvery } from './lib/live-page.js';

const main = document.querySelector('main[data-refresh-seconds]');
const status = document.querySelector('[data-live-status]');

function showStatus(state, text) {
  status.hidden = false;
  status.dataset.liveStatus = state;
  status.textContent = text;
}

refreshEvery(Number(main.dataset.refreshSeconds), window.location.href, showStatus);
