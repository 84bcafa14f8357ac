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

/** POSTs {@code body} as JSON to {@code url}; resolves to the parsed answer, rejects with the problem's detail. */
export async function postJson(url, body) {
  const headers = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = cookie('XSRF-TOKEN');
  if (token) {
    headers['X-XSRF-TOKEN'] = token;
  }
  const response = await fetch(url, {
    method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin',
  });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    // Not JSON (a proxy's error page): the status says enough.
  }
  if (!response.ok) {
    const detail = data?.detail || data?.title || `${response.status} ${response.statusText}`;
    const fields = (data?.errors || []).map((e) => `${e.field}: ${e.message}`).join('; ');
    throw new Error(fields ? `${detail} (${fields})` : detail);
  }
  return data;
}
