// The port page's "routes and jobs over this link": how many host pairs the forwarding tables route over the
// cable each way, and the jobs on its nodes or with node pairs routed over it, running now or at some time in
// a chosen window. From /api/v1/links/{guid}/{port}/routes; job names are users' text and go in as text only.

const section = document.querySelector('[data-link-jobs]');
if (section) {
  const form = section.querySelector('[data-jobs-window]');
  const nowButton = section.querySelector('[data-jobs-now]');
  const status = section.querySelector('[data-jobs-status]');
  const stale = section.querySelector('[data-jobs-stale]');
  const pairs = section.querySelector('[data-route-pairs]');
  const table = section.querySelector('[data-jobs-table]');
  const empty = section.querySelector('[data-jobs-empty]');
  const REFRESH_MS = 30_000;
  let windowed = false;

  function cell(row, text, className) {
    const td = row.insertCell();
    td.textContent = text ?? '—';
    if (className) {
      td.className = className;
    }
    return td;
  }

  function render(data) {
    const end = (p) => `${p.name}[${p.port}]`;
    pairs.textContent = `${data.pairsOut} host pairs routed ${end(data.from)} → ${end(data.to)}, `
      + `${data.pairsIn} routed ${end(data.to)} → ${end(data.from)}.`;
    pairs.dataset.out = String(data.pairsOut);
    pairs.dataset.in = String(data.pairsIn);
    const notes = [...(data.routes.stale ? data.routes.staleReasons.map((r) => `routes: ${r}`) : []),
      ...(data.data.stale ? [`job data: ${data.data.problem ?? 'out of date'}`] : []), ...data.notes];
    stale.hidden = notes.length === 0;
    stale.textContent = notes.join(' · ');
    const body = table.tBodies[0];
    body.replaceChildren();
    for (const found of data.jobs) {
      const row = body.insertRow();
      row.dataset.jobId = found.job.id;
      row.dataset.why = found.why;
      const link = document.createElement('a');
      link.href = `/jobs/${encodeURIComponent(found.job.id)}`;
      link.textContent = found.job.id;
      row.insertCell().append(link);
      cell(row, found.job.name);
      cell(row, found.job.user);
      cell(row, found.job.running ? 'running' : found.job.state);
      cell(row, found.why === 'NODE' ? 'on an end' : 'routed over it');
      cell(row, String(found.pairsFromA + found.pairsFromB), 'num');
      // As the header says: UTC, to the second, as the server's pages print times.
      cell(row, found.job.startedAt?.replace('T', ' ').replace(/(\.\d+)?Z$/, ''));
    }
    table.hidden = data.jobs.length === 0;
    empty.hidden = data.jobs.length !== 0;
    empty.textContent = windowed ? 'No job ran over this link in that window.' : 'No running job uses this link.';
  }

  async function load() {
    const params = new URLSearchParams();
    if (windowed) {
      for (const name of ['from', 'to']) {
        const value = form.elements[name].value;
        if (value) {
          params.set(name, new Date(value).toISOString());
        }
      }
    }
    try {
      const response = await fetch(`/api/v1/links/${section.dataset.guid}/${section.dataset.port}/routes?${params}`,
        { headers: { Accept: 'application/json' } });
      const data = await response.json();
      if (!response.ok) {
        throw new Error(data?.detail || `${response.status}`);
      }
      render(data);
      status.hidden = true;
    } catch (error) {
      status.hidden = false;
      status.dataset.outcome = 'refused';
      status.textContent = `Routes and jobs unavailable: ${error.message}`;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    windowed = true;
    nowButton.setAttribute('aria-pressed', 'false');
    load();
  });
  nowButton.addEventListener('click', () => {
    windowed = false;
    nowButton.setAttribute('aria-pressed', 'true');
    load();
  });
  // Jobs move far more slowly than counters: after a fabric change /events/live announced, at most every REFRESH_MS.
  let lastLoad = performance.now();
  document.addEventListener('fabricpulse:fabric-changed', () => {
    if (!windowed && performance.now() - lastLoad >= REFRESH_MS) {
      lastLoad = performance.now();
      load();
    }
  });
  load();
}
