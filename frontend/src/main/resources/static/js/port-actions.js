// The port page's actions: clear the counters (operators), disable, enable or bounce the port (admins). Each asks
// for a reason in a dialog that names the port and its counters (clear) or the host at the far end (state), posts
// to the API, then follows the order until the agent answered (or it expired) and reloads to show the result.

import { postJson, send } from './lib/api.js';

const section = document.querySelector('[data-port-actions]');

const FINAL = new Set(['done', 'failed', 'expired']);

function describe(action, data) {
  const port = data.portName;
  switch (action) {
    case 'clear':
      return { title: `Clear the counters of ${port}?`,
        text: `Its counters now: ${data.counters || 'all zero'}. They are kept in the clear history.` };
    case 'disable':
      return { title: `Disable ${port}?`,
        text: `The far end is ${data.farEnd}: it loses its link to the fabric until the port is enabled again.` };
    case 'enable':
      return { title: `Enable ${port}?`, text: `The far end is ${data.farEnd}.` };
    default:
      return { title: `Bounce ${port}?`,
        text: `Disabled, then enabled after a pause: ${data.farEnd} at the far end loses its link meanwhile.` };
  }
}

/** Polls each order's port until every order is final; resolves to them, or null after two minutes. */
async function follow(ordered, result) {
  for (let attempt = 0; attempt < 120; attempt++) {
    const now = await Promise.all(ordered.map(async (order) => {
      const list = await send('GET', `/api/v1/ports/${encodeURIComponent(order.nodeGuid)}/${order.portNumber}/commands`);
      return list.find((c) => c.id === order.id) || order;
    }));
    if (now.every((c) => FINAL.has(c.state))) {
      return now;
    }
    result.textContent = `Waiting for the agent: ${now.map((c) => c.state).join(', ')}`;
    await new Promise((resolve) => { setTimeout(resolve, 1000); });
  }
  return null;
}

if (section) {
  const dialog = section.querySelector('[data-port-confirm]');
  const form = section.querySelector('[data-port-confirm-form]');
  const result = section.querySelector('[data-port-action-result]');
  const bothEnds = section.querySelector('[data-both-ends-label]');
  const base = `/api/v1/ports/${encodeURIComponent(section.dataset.guid)}/${section.dataset.port}`;
  let action = null;

  section.addEventListener('click', (event) => {
    const button = event.target.closest('[data-port-action]');
    if (!button) {
      return;
    }
    action = button.dataset.portAction;
    const { title, text } = describe(action, section.dataset);
    dialog.querySelector('[data-confirm-title]').textContent = title;
    dialog.querySelector('[data-confirm-text]').textContent = text;
    bothEnds.hidden = action !== 'clear';
    form.reset();
    dialog.showModal();
  });

  dialog.addEventListener('close', async () => {
    if (dialog.returnValue !== 'confirm') {
      return;
    }
    const reason = form.elements.reason.value.trim();
    result.hidden = false;
    delete result.dataset.outcome;
    result.textContent = 'Sending…';
    try {
      const answer = action === 'clear'
        ? await postJson(`${base}/clear`, { reason, bothEnds: form.elements.bothEnds.checked })
        : await postJson(`${base}/state`, { action, reason });
      const finished = await follow(answer.commands, result);
      if (!finished) {
        result.textContent = 'The agent has not answered yet; see the list below later.';
        return;
      }
      window.location.reload();
    } catch (error) {
      result.dataset.outcome = 'refused';
      result.textContent = `Not done: ${error.message}`;
    }
  });
}
