// The alert pages' forms (acknowledge, comment, resolve, silence on an alert's page; a group's acknowledge and Expire
// in the list) post their fields as JSON to the API named in their action attribute; on success the page reloads to
// show the new state, on refusal the problem's detail is shown (in the form's own result line, if it has one) and
// nothing changes.
// Submits are heard on the document, so forms inside a live part (swapped in by lib/live-page.js) work too.

import { postJson } from './lib/api.js';

const page = document.querySelector('[data-action-result]');

function fieldsOf(form) {
  const body = {};
  for (const [name, value] of new FormData(form)) {
    // _csrf is the form's hidden token for non-script posts; the script sends the header instead.
    if (name !== '_csrf' && String(value).trim() !== '') {
      body[name] = String(value).trim();
    }
  }
  // A group's form names the alerts it acknowledges (data-ids, space separated).
  if (form.dataset.ids) {
    body.ids = form.dataset.ids.split(' ').map(Number);
  }
  // The silence form's one select names what to silence as KIND:value (a link key has colons of its own).
  if (body.scope) {
    const colon = body.scope.indexOf(':');
    body.kind = body.scope.slice(0, colon);
    body.value = body.scope.slice(colon + 1);
    delete body.scope;
  }
  return body;
}

document.addEventListener('submit', async (event) => {
  const form = event.target.closest('form[data-alert-action]');
  if (!form) {
    return;
  }
  event.preventDefault();
  const button = form.querySelector('button[type=submit]');
  button.disabled = true;
  try {
    await postJson(form.action, fieldsOf(form));
    window.location.reload();
  } catch (error) {
    const result = form.querySelector('[data-action-result]') ?? page;
    result.hidden = false;
    result.dataset.outcome = 'refused';
    result.textContent = `Not done: ${error.message}`;
    button.disabled = false;
  }
});
