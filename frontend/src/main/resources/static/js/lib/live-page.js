// Keeps parts of a server-rendered page fresh by re-reading the same page: every few seconds the
// page's own URL is fetched, and each element marked data-live-part="<name>" is replaced by its
// namesake in the new copy when it differs. The server renders everything exactly once, so a
// refreshed part reads exactly like a freshly loaded page, and nothing is formatted twice.

/** Replaces each data-live-part of {@code current} whose HTML differs in {@code fresh}; returns how many changed. */
export function swapParts(current, fresh) {
  let changed = 0;
  for (const part of current.querySelectorAll('[data-live-part]')) {
    const next = fresh.querySelector(`[data-live-part="${part.dataset.livePart}"]`);
    if (next && next.innerHTML !== part.innerHTML) {
      part.innerHTML = next.innerHTML;
      changed++;
    }
  }
  return changed;
}

/**
 * Re-reads {@code url} every {@code seconds} and swaps the live parts; {@code onStatus(state, text)}
 * hears 'live' after a good read and 'offline' after a failed one (the next poll tries again).
 */
export function refreshEvery(seconds, url, onStatus) {
  let busy = false;
  const poll = async () => {
    if (busy || document.hidden) {
      return;
    }
    busy = true;
    try {
      const response = await fetch(url, { headers: { Accept: 'text/html' }, credentials: 'same-origin' });
      if (!response.ok) {
        throw new Error(`${response.status}`);
      }
      const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
      swapParts(document, fresh);
      onStatus('live', 'live');
    } catch (error) {
      onStatus('offline', `offline (${error.message}), retrying`);
    } finally {
      busy = false;
    }
  };
  return setInterval(poll, seconds * 1000);
}
