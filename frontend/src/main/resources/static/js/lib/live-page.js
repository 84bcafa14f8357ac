// Keeps the server-rendered parts of a page fresh without polling: the page listens to /events/live (one
// stream for every live page), and when the event says that what the page shows changed (data-live-on on
// <main>: "alerts", "fabric" or both), it re-reads its own URL once and replaces each element marked
// data-live-part="<name>" by its namesake in the new copy when it differs. The server renders everything
// exactly once, so a refreshed part reads exactly like a freshly loaded page. Nothing is read on a timer:
// a page whose alerts and counters do not change reads nothing.
// After a fabric change it also tells the page's own modules (charts), by a 'fabricpulse:fabric-changed'
// event on the document, so they follow the same stream.

import { subscribe } from './live-events.js';

/**
 * Replaces each data-live-part of {@code current} whose HTML differs in {@code fresh}; returns how many changed. A part
 * in which someone is filling in a field (the alert list's group acknowledge) is left until a later change, so a
 * re-read never wipes a half-typed ticket.
 */
export function swapParts(current, fresh) {
  let changed = 0;
  for (const part of current.querySelectorAll('[data-live-part]')) {
    const next = fresh.querySelector(`[data-live-part="${part.dataset.livePart}"]`);
    if (next && next.innerHTML !== part.innerHTML && !beingFilledIn(part)) {
      part.innerHTML = next.innerHTML;
      changed++;
    }
  }
  return changed;
}

function beingFilledIn(part) {
  return [...part.querySelectorAll('input:not([type=hidden]), textarea')]
    .some((field) => field === document.activeElement || field.value !== field.defaultValue);
}

/**
 * Follows /events/live for {@code main}: re-reads the page when a watched version changed since the page was
 * rendered (the first event only records them); {@code onStatus(state, text)} hears the stream's state.
 */
export function followLiveEvents(main, onStatus) {
  const watched = (main.dataset.liveOn ?? '').split(/\s+/).filter(Boolean);
  let seen = null;
  let reading = false;
  let again = false;
  const reread = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      const response = await fetch(window.location.href, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) {
        throw new Error(`${response.status}`);
      }
      swapParts(document, new DOMParser().parseFromString(await response.text(), 'text/html'));
      main.dataset.rereads = String(Number(main.dataset.rereads ?? 0) + 1);
    } catch (error) {
      onStatus('offline', `offline (${error.message}), waiting for the next change`);
    } finally {
      reading = false;
      if (again) {
        again = false;
        reread();
      }
    }
  };
  subscribe('/events/live', 'live', {
    onData(data) {
      const now = { alerts: data.version, fabric: data.fabricAt };
      const changed = seen !== null && watched.some((what) => now[what] !== seen[what]);
      const fabricChanged = seen !== null && now.fabric !== seen.fabric;
      seen = now;
      main.dataset.liveEvents = String(Number(main.dataset.liveEvents ?? 0) + 1);
      if (changed) {
        main.dataset.changes = String(Number(main.dataset.changes ?? 0) + 1);
        reread();
      }
      if (fabricChanged) {
        document.dispatchEvent(new CustomEvent('fabricpulse:fabric-changed', { detail: { at: data.fabricAt } }));
      }
    },
    onStatus,
  });
}
