// The overview's error view toggles between ports with errors and all ports, as ibcheck -E does with the
// space bar. The toggle is a link (it works without JavaScript, by reloading with ?errors=all); here it
// switches in place and keeps the address in step, so a reload or a bookmark shows the same view.

const section = document.querySelector('.errors-view');
const toggle = section?.querySelector('[data-errors-toggle]');
const clusterForm = document.querySelector('[data-cluster-filter]');

if (toggle) {
  toggle.addEventListener('click', (event) => {
    event.preventDefault();
    const errorsOnly = section.dataset.errorsOnly !== 'true';
    section.dataset.errorsOnly = String(errorsOnly);
    toggle.setAttribute('aria-pressed', String(errorsOnly));
    const url = new URL(window.location.href);
    if (errorsOnly) {
      url.searchParams.delete('errors');
    } else {
      url.searchParams.set('errors', 'all');
    }
    url.hash = '';
    window.history.replaceState(null, '', url);
    // The no-script link must lead to the other view next time, too.
    const next = new URL(url);
    if (errorsOnly) {
      next.searchParams.set('errors', 'all');
    } else {
      next.searchParams.delete('errors');
    }
    next.hash = 'errors';
    toggle.href = next.pathname + next.search + next.hash;
    const hidden = clusterForm?.querySelector('input[name=errors]');
    if (hidden) {
      hidden.disabled = errorsOnly;
    }
  });
  // A keyboard user toggles a role=button link with the space bar too, as with ibcheck.
  toggle.addEventListener('keydown', (event) => {
    if (event.key === ' ') {
      event.preventDefault();
      toggle.click();
    }
  });
}

// Choosing a cluster shows it at once; the Show button remains for browsers without scripts.
clusterForm?.querySelector('select')?.addEventListener('change', () => clusterForm.requestSubmit());
