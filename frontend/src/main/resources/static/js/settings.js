// The settings pages' forms. Each form[data-api] sends to the API URL in its action, with the method in
// data-method and a body made as data-body says:
//   json  the named fields as one JSON object; data-kind on a field says how its text is sent
//         (boolean, severity, number, duration, text, list, set), a blank field is left out (inherit)
//   file  the chosen file as it is, with data-content-type (default text/plain); fields with data-param
//         become query parameters
//   none  no body
// The API checks and audits every write; a refusal is shown as the API words it: field errors next to
// their inputs (data-error-for = the API's field name), the rest above the buttons, an upload's bad line
// quoted from the file with a caret under the column. Nothing is written then. data-done says what a
// success does: reload (with a note that survives the reload), secret (show a new token's secret once),
// test (show what a webhook's receiver answered), import (say what the upload replaced, then reload).

import { send } from './lib/api.js';

const FLASH_KEY = 'fabricpulse.settings.flash';

/** 30s, 5m, 1h30m, 2d (or ISO-8601 as is) to the API's ISO-8601; null when it is neither. */
export function isoDuration(text) {
  const value = text.trim();
  if (/^P(?:\d+D)?(?:T(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/i.test(value) && !/^PT?$/i.test(value)) {
    return value.toUpperCase();
  }
  const parts = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(value.replace(/\s+/g, ''));
  if (!parts || parts.slice(1).every((part) => part === undefined)) {
    return null;
  }
  const [, days, hours, minutes, seconds, millis] = parts;
  const secondsText = millis === undefined ? seconds
    : `${Number(seconds || 0) + Number(millis) / 1000}`;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${secondsText !== undefined ? `${secondsText}S` : ''}`;
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/** A field's text as the API wants it: [value] to send, [undefined] to leave out, or {error}. */
export function fieldValue(kind, raw) {
  const text = String(raw).trim();
  switch (kind) {
    case 'list':
      return { value: text === '' ? [] : text.split(/[\s,]+/) };
    case 'boolean':
      return { value: text === '' ? undefined : text === 'true' };
    case 'severity':
      return { value: text === '' ? undefined : text.toUpperCase() };
    case 'number': {
      if (text === '') {
        return { value: undefined };
      }
      const number = Number(text);
      return Number.isFinite(number) ? { value: number } : { error: `'${text}' is not a number (e.g. 10, 0.05 or 1e-12)` };
    }
    case 'duration': {
      if (text === '') {
        return { value: undefined };
      }
      const iso = isoDuration(text);
      return iso ? { value: iso } : { error: `'${text}' is not a duration (e.g. 30s, 5m, 1h30m)` };
    }
    default:
      return { value: text === '' ? undefined : text };
  }
}

function jsonBody(form) {
  const body = {};
  const errors = [];
  for (const field of form.elements) {
    if (!field.name || field.name === '_csrf' || field.disabled || field.type === 'file' || 'param' in field.dataset) {
      continue;
    }
    if (field.dataset.kind === 'set') {
      body[field.name] ??= [];
      if (field.checked) {
        body[field.name].push(field.value);
      }
      continue;
    }
    const { value, error } = fieldValue(field.dataset.kind, field.value);
    if (error) {
      errors.push({ path: field.name, reason: error });
    } else if (value !== undefined) {
      body[field.name] = value;
    }
  }
  return { body: JSON.stringify(body), errors };
}

function resultOf(form) {
  const target = form.dataset.resultTarget ? document.querySelector(form.dataset.resultTarget) : null;
  return target ?? form.querySelector('[data-result]');
}

function show(form, outcome, text) {
  const result = resultOf(form);
  const row = result.closest('tr[hidden]');
  if (row) {
    row.hidden = false;
  }
  result.hidden = false;
  result.dataset.outcome = outcome;
  result.textContent = text;
  return result;
}

function clearErrors(form) {
  for (const el of form.querySelectorAll('[data-error-for]')) {
    el.hidden = true;
    el.textContent = '';
  }
  for (const el of form.querySelectorAll('[aria-invalid]')) {
    el.removeAttribute('aria-invalid');
  }
  form.querySelector('[data-bad-line]')?.remove();
  const result = resultOf(form);
  if (result) {
    result.hidden = true;
    result.textContent = '';
  }
}

/** Puts each field error next to its input; answers the errors no input claims. */
function placeFieldErrors(form, errors) {
  const unplaced = [];
  for (const error of errors) {
    // "clusters[2]" and "window" both belong to the input named by the first step.
    const name = (error.path || '').split(/[.[]/)[0];
    const slot = name ? form.querySelector(`[data-error-for="${CSS.escape(name)}"]`) : null;
    if (slot) {
      slot.hidden = false;
      slot.textContent = slot.textContent ? `${slot.textContent}; ${error.reason}` : error.reason;
      form.querySelector(`[name="${CSS.escape(name)}"]`)?.setAttribute('aria-invalid', 'true');
    } else {
      unplaced.push(error);
    }
  }
  return unplaced;
}

/** Quotes the uploaded file's bad line with a caret under the column, below the refusal. */
async function quoteBadLine(form, result, file, problem) {
  if (!file || !problem?.line) {
    return;
  }
  result.dataset.line = problem.line;
  if (problem.column) {
    result.dataset.column = problem.column;
  }
  const lines = (await file.text()).split(/\r?\n/);
  const line = lines[problem.line - 1];
  if (line === undefined) {
    return;
  }
  const quote = document.createElement('pre');
  quote.className = 'bad-line';
  quote.dataset.badLine = '';
  const caret = problem.column ? `\n${' '.repeat(String(problem.line).length + 2 + problem.column - 1)}^` : '';
  quote.textContent = `${problem.line}: ${line}${caret}`;
  result.after(quote);
}

function refused(form, error, file) {
  const problem = error.problem;
  const local = placeFieldErrors(form, problem?.errors || []);
  const placedAll = (problem?.errors || []).length > 0 && local.length === 0;
  const text = placedAll ? 'Not saved: see the fields marked.' : `Not saved: ${error.message}`;
  const result = show(form, 'refused', text);
  return quoteBadLine(form, result, file, problem);
}

function reloadWith(note) {
  sessionStorage.setItem(FLASH_KEY, note);
  window.location.reload();
}

const done = {
  reload(form) {
    reloadWith(form.dataset.success || 'Saved.');
  },
  import(form, answer) {
    const what = answer?.what ?? 'upload';
    const id = answer?.baselineId ? ` (baseline #${answer.baselineId})` : '';
    reloadWith(`Saved ${what}: ${answer?.count ?? 0}${what === 'baseline' ? ' nodes' : ''}${id}.`);
  },
  test(form, answer) {
    // The server says delivered or not and the receiver's status, never its body (issue 20).
    const text = answer.delivered
      ? `Test delivered: the receiver answered HTTP ${answer.status}.`
      : answer.status !== undefined
        ? `Test not delivered: the receiver answered HTTP ${answer.status}.`
        : 'Test not delivered: no answer (unreachable, or refused by the allow-list); the server log says why.';
    const result = show(form, answer.delivered ? 'ok' : 'refused', text);
    if (answer.status !== undefined) {
      result.dataset.status = answer.status;
    }
  },
  secret(form, answer) {
    const panel = document.querySelector('[data-token-secret]');
    panel.querySelector('[data-secret-name]').textContent = `${answer.token.name} (#${answer.token.id})`;
    panel.querySelector('[data-secret-value]').textContent = answer.secret;
    panel.hidden = false;
    form.reset();
    form.querySelector('button[type=submit]').disabled = true;
    panel.querySelector('[data-copy-secret]').focus();
  },
};

async function submit(form) {
  clearErrors(form);
  if (form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    return;
  }
  const url = new URL(form.action);
  let body = null;
  let contentType = null;
  let file = null;
  if (form.dataset.body === 'json') {
    const made = jsonBody(form);
    if (made.errors.length > 0) {
      placeFieldErrors(form, made.errors);
      show(form, 'refused', 'Not sent: see the fields marked.');
      return;
    }
    body = made.body;
    contentType = 'application/json';
  } else if (form.dataset.body === 'file') {
    file = form.querySelector('input[type=file]').files[0];
    const max = Number(form.dataset.maxBytes);
    if (!file) {
      show(form, 'refused', 'Choose a file first.');
      return;
    }
    if (max && file.size > max) {
      show(form, 'refused', `Not sent: the file is ${file.size} bytes, the server takes at most ${max}.`);
      return;
    }
    for (const param of form.querySelectorAll('[data-param]')) {
      url.searchParams.set(param.name, param.value);
    }
    body = file;
    contentType = form.dataset.contentType || 'text/plain';
  }
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    const answer = await send(form.dataset.method || 'POST', url, body, contentType);
    done[form.dataset.done || 'reload'](form, answer);
  } catch (error) {
    await refused(form, error, file);
  } finally {
    if (form.dataset.done !== 'secret') {
      button.disabled = false;
    }
  }
}

function showFlash() {
  const note = sessionStorage.getItem(FLASH_KEY);
  if (!note) {
    return;
  }
  sessionStorage.removeItem(FLASH_KEY);
  const flash = document.createElement('p');
  flash.className = 'flash';
  flash.setAttribute('role', 'status');
  flash.dataset.flash = '';
  flash.textContent = note;
  document.querySelector('.settings-tabs')?.after(flash);
}

function wireTokenSecret() {
  const panel = document.querySelector('[data-token-secret]');
  if (!panel) {
    return;
  }
  panel.querySelector('[data-copy-secret]').addEventListener('click', async (event) => {
    const value = panel.querySelector('[data-secret-value]');
    try {
      await navigator.clipboard.writeText(value.textContent);
      event.target.textContent = 'Copied';
    } catch (e) {
      // No clipboard (an insecure origin): select it, so Ctrl+C copies.
      window.getSelection().selectAllChildren(value);
    }
  });
  // The secret is gone from the page with the reload: the list then shows the new token without it.
  panel.querySelector('[data-secret-done]').addEventListener('click', () => reloadWith('Token created.'));
}

// The buttons come disabled: a click before this module runs would post the form as the browser does,
// which the JSON API refuses, so they work from the moment the forms are wired.
for (const form of document.querySelectorAll('form[data-api]')) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit(form);
  });
  for (const button of form.querySelectorAll('button[type=submit]')) {
    button.disabled = false;
  }
}
showFlash();
wireTokenSecret();
