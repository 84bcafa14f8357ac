// The alert list folds the alerts of one cable into one row (web.alerts.AlertGroups); its toggle shows the members
// under it and, for operators, the row that acknowledges the whole group. The list is re-rendered in place when the alerts change (lib/live-page.js swaps the rows): the groups a
// person opened stay open, by key, so a live update never closes what someone is reading.

const rows = document.querySelector('[data-live-part="rows"]');
const open = new Set();

function show(key, expanded) {
  for (const head of rows.querySelectorAll('tr[data-group]')) {
    if (head.dataset.group === key) {
      head.querySelector('[data-group-toggle]').setAttribute('aria-expanded', String(expanded));
    }
  }
  for (const member of rows.querySelectorAll('tr[data-member-of], tr[data-group-actions-of]')) {
    if ((member.dataset.memberOf ?? member.dataset.groupActionsOf) === key) {
      member.hidden = !expanded;
    }
  }
}

if (rows) {
  rows.addEventListener('click', (event) => {
    const toggle = event.target.closest('[data-group-toggle]');
    if (!toggle) {
      return;
    }
    const key = toggle.closest('tr[data-group]').dataset.group;
    const expanded = toggle.getAttribute('aria-expanded') !== 'true';
    if (expanded) {
      open.add(key);
    } else {
      open.delete(key);
    }
    show(key, expanded);
  });
  new MutationObserver(() => open.forEach((key) => show(key, true))).observe(rows, { childList: true });
}
