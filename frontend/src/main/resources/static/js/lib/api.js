// Writes to the server's JSON API from page scripts. Spring Security puts the CSRF token in the
// XSRF-TOKEN cookie (readable by our scripts); a write must send it back in the X-XSRF-TOKEN header.
// A refused write comes back as an RFC 9457 problem: its detail says what was wrong, shown as is.

/** The raw value of cookie {@code name}, or null. */
export function cookie(name, cookies = document.cookie) {
  for (const part of cookies.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) {
      return decodeURIComponent(value.join('='));
    }
  }
  return null;
}

/** A write the server refused: {@code problem} is its RFC 9457 body (detail, errors, line, column), or null. */
export class ApiError extends Error {
  constructor(message, status, problem) {
    super(message);
    this.status = status;
    this.problem = problem;
  }
}

/** POSTs {@code body} as JSON to {@code url}; resolves to the parsed answer, rejects with the problem's detail. */
export function postJson(url, body) {
  return send('POST', url, JSON.stringify(body), 'application/json');
}

/**
 * Sends {@code body} (a string, Blob or null) with {@code method} and the CSRF header; resolves to the parsed
 * JSON answer (null when there is none), rejects with an {@link ApiError} whose message is the problem's detail
 * with its field errors.
 */
export async function send(method, url, body = null, contentType = null) {
  const headers = { Accept: 'application/json' };
  if (contentType) {
    headers['Content-Type'] = contentType;
  }
  const token = cookie('XSRF-TOKEN');
  if (token) {
    headers['X-XSRF-TOKEN'] = token;
  }
  const response = await fetch(url, { method, headers, body, credentials: 'same-origin' });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const detail = data?.detail || data?.title || `${response.status} ${response.statusText}`;
    // The problem's field errors are {path, reason} (problem.InvalidField).
    const fields = (data?.errors || []).map((e) => (e.path ? `${e.path}: ${e.reason}` : e.reason)).join('; ');
    throw new ApiError(fields && !detail.includes(fields) ? `${detail} (${fields})` : detail, response.status, data);
  }
  return data;
}
