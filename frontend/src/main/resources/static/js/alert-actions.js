// The alert page's forms (acknowledge, comment, resolve) post their fields as JSON to the alert API
// named in their action attribute; on success the page reloads to show the new state and history,
// on refusal the problem's detail is shown next to the forms and nothing changes.

import { postJson } from './lib/api.js';

const result = document.querySelector('[data-action-result]');

function fieldsOf(form) {
  const body = {};
  for (const [name, value] of new FormData(form)) {
    // _csrf is the form's hidden token for non-script posts; the script sends the header instead.
    if (name !== '_csrf' && String(value).trim() !== '') {
      body[name] = String(value).trim();
    }
  }
  return body;
}

for (const form of document.querySelectorAll('form[data-alert-action]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      await postJson(form.action, fieldsOf(form));
      window.location.reload();
    } catch (error) {
      result.hidden = false;
      result.dataset.outcome = 'refused';
      result.textContent = `Not done: ${error.message}`;
      button.disabled = false;
    }
  });
}
