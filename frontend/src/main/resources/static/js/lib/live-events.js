// A server-sent event stream that stays connected and says how it is doing.
//
// EventSource reconnects by itself after a dropped connection (a server restart, a proxy timeout).
// It gives up for good when the server answers with an error status or another content type (a 401
// after the session expired, a 502 from a proxy while the server is down); a wall screen must not
// stay frozen then, so this module opens a new EventSource itself, backing off up to a minute.

const FIRST_RETRY_MS = 2_000;
const LAST_RETRY_MS = 60_000;

/**
 * Connects to {@code url} and calls {@code onData(json)} for every event named {@code eventName};
 * {@code onStatus(state, text)} hears 'connecting', 'live', 'reconnecting' and 'offline'.
 * Returns an object whose close() stops for good.
 */
export function subscribe(url, eventName, { onData, onStatus }) {
  let source = null;
  let retryTimer = 0;
  let retryMs = FIRST_RETRY_MS;

  const open = () => {
    onStatus('connecting', 'connecting');
    source = new EventSource(url);
    source.addEventListener('open', () => {
      retryMs = FIRST_RETRY_MS;
      onStatus('live', 'live');
    });
    source.addEventListener(eventName, (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch (error) {
        console.error(`FabricPulse: ignoring a malformed '${eventName}' event from ${url}`, error);
        return;
      }
      onData(data);
    });
    source.addEventListener('error', () => {
      if (source.readyState === EventSource.CLOSED) {
        onStatus('offline', `offline, retrying in ${Math.round(retryMs / 1000)} s`);
        retryTimer = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
      } else {
        onStatus('reconnecting', 'reconnecting');
      }
    });
  };

  open();
  return {
    close() {
      clearTimeout(retryTimer);
      source?.close();
    },
  };
}
