// Every server-rendered page with data-live-part elements (alerts, an alert, a node, a port, the inventory)
// stays current through /events/live (see lib/live-page.js): no reload, nothing read on a timer.

import { followLiveEvents } from './lib/live-page.js';

const main = document.querySelector('main[data-live-on]');
const status = document.querySelector('[data-live-status]');

if (main) {
  followLiveEvents(main, (state, text) => {
    if (status) {
      status.hidden = false;
      status.dataset.liveStatus = state;
      status.textContent = text;
    }
  });
}
