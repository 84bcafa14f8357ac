// The time slider of the map and the overview (templates/history/time-slider.html): "show the fabric at 02:13" from
// the stored history. The page's ?at= is the instant shown (so a review link can be shared); moving the slider or
// typing an exact time shows that instant in place: the page re-reads its own URL with ?at= and swaps its live parts
// (lib/live-page.js swapParts: the server renders the past exactly as it renders now): the overview's strip and worst
// links, and the notes on how the instant was rebuilt; the map re-reads its graph with at= (it hears 'fabricpulse:time'). While in the past the banner says so with the time and
// the live modules ignore their events (main[data-at]); Escape or "Back to live" reloads the page as it is now.
// Times are shown and typed in the server's zone (data-zone), as every other time on the pages.

import { swapParts } from './lib/live-page.js';

const root = document.querySelector('[data-time-slider]');
if (root) {
  start(root);
}

function start(slider) {
  const main = document.querySelector('main');
  const zone = slider.dataset.zone || 'UTC';
  const oldest = Date.parse(slider.dataset.oldest);
  const now = Date.parse(slider.dataset.now);
  const range = slider.querySelector('[data-time-range]');
  const label = slider.querySelector('[data-time-label]');
  const exact = slider.querySelector('[data-time-exact]');
  const banner = slider.querySelector('[data-past-banner]');
  const shown = slider.querySelector('[data-past-time]');
  const error = slider.querySelector('[data-time-error]');
  const clock = zoneClock(zone);

  // The slider counts seconds before the page's now (0 = live), in minutes: every step lies on the grid.
  const minutes = Math.floor((now - oldest) / 60_000);
  range.min = String(-minutes * 60);
  range.max = '0';
  exact.min = clock.local(oldest);
  exact.max = clock.local(now);
  const showLabel = (instant) => {
    label.textContent = instant == null ? 'live' : `${clock.shown(instant)} ${zone}`;
    range.setAttribute('aria-valuetext', label.textContent);
  };
  const fromRange = () => (Number(range.value) === 0 ? null : now + Number(range.value) * 1000);
  const at = slider.dataset.at ? Date.parse(slider.dataset.at) : null;
  // The slider moves in whole minutes; the label names the instant shown, which an exact time may put between them.
  range.value = String(at == null ? 0 : Math.round((at - now) / 60_000) * 60);
  exact.value = clock.local(at ?? now);
  showLabel(at);

  range.addEventListener('input', () => showLabel(fromRange()));
  range.addEventListener('change', () => {
    const offset = Number(range.value);
    if (offset === 0) {
      backToLive();
    } else {
      show(now + offset * 1000);
    }
  });
  slider.querySelector('[data-time-form]').addEventListener('submit', (event) => {
    event.preventDefault();
    const instant = clock.instant(exact.value);
    if (Number.isNaN(instant)) {
      fail(`Type a date and time (${zone}).`);
      return;
    }
    show(instant);
  });
  slider.querySelector('[data-time-live]').addEventListener('click', backToLive);
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && main.dataset.at && !document.querySelector('dialog[open]')) {
      event.preventDefault();
      backToLive();
    }
  });

  let asked = 0;
  async function show(instant) {
    // The server refuses these too (a 400 naming at); said here before anything is asked or paused.
    if (instant < oldest) {
      fail(`${clock.shown(instant)} is before the oldest time kept, ${clock.shown(oldest)} ${zone}.`);
      return;
    }
    if (instant > now + performance.now()) {
      fail(`${clock.shown(instant)} is in the future.`);
      return;
    }
    const iso = new Date(Math.floor(instant / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    const url = new URL(window.location.href);
    url.searchParams.set('at', iso);
    const ask = ++asked;
    error.hidden = true;
    try {
      // The overview's strip and worst links, and on either page the notes on how that instant was rebuilt (its
      // cables left out and drawn back): the server renders them for ?at= as for the first paint.
      const response = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) {
        throw new Error(await problem(response));
      }
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      if (ask !== asked) return; // a later move already asked
      swapParts(document, page);
      if (main.classList.contains('overview')) {
        main.dataset.shownAt = iso; // the map (map.js) says so itself once it has drawn the instant
      }
    } catch (failure) {
      if (ask === asked) fail(failure.message);
      return;
    }
    history.replaceState(null, '', url);
    main.dataset.at = iso;
    slider.dataset.at = iso;
    shown.dateTime = iso;
    shown.textContent = clock.shown(instant);
    exact.value = clock.local(instant);
    range.value = String(Math.round((instant - now) / 60_000) * 60);
    showLabel(instant);
    banner.hidden = false;
    document.dispatchEvent(new CustomEvent('fabricpulse:time', { detail: { at: iso } }));
  }

  function fail(text) {
    error.textContent = text;
    error.hidden = false;
  }
}

/** Back to now: the page as it is live, read afresh. */
function backToLive() {
  const url = new URL(window.location.href);
  url.searchParams.delete('at');
  window.location.assign(url);
}

/** The problem's detail of a refused request (RFC 9457), else its status. */
async function problem(response) {
  try {
    return (await response.json()).detail ?? `refused (${response.status})`;
  } catch {
    return `refused (${response.status})`;
  }
}

/** Wall-clock text of instants in {@code zone}, and instants of typed wall-clock text. */
function zoneClock(zone) {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit',
  });
  const parts = (ms) => Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const local = (ms) => {
    const p = parts(ms);
    return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
  };
  // How far the zone's wall clock is ahead of UTC at {@code ms}.
  const offset = (ms) => Date.parse(`${local(ms)}Z`) - Math.floor(ms / 1000) * 1000;
  return {
    local,
    shown: (ms) => local(ms).replace('T', ' '),
    instant(text) {
      const wall = Date.parse(`${text.length === 16 ? `${text}:00` : text}Z`);
      if (Number.isNaN(wall)) return NaN;
      // Twice: the offset at the guess may differ from the offset at the answer across a clock change.
      return wall - offset(wall - offset(wall));
    },
  };
}
