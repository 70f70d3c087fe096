// The report's one script, inline (allowed by its hash): filters and sorts the rows the page was
// written with and opens a case's details. It reads text from the page and never writes markup:
// every change is to `hidden`, the rows' order and text content.
export const SCRIPT = `
(() => {
  const table = document.getElementById('cases');
  if (!table) return; // no case ran: nothing to filter
  const bodies = Array.from(table.tBodies);
  const byOrder = bodies.slice();
  const status = document.getElementById('filter-status');
  const agent = document.getElementById('filter-agent');
  const text = document.getElementById('filter-text');
  const shown = document.getElementById('shown');
  // Each case's text, read when a text is first typed: opening the page does not wait for it.
  let words;
  const textOf = (body) => {
    words = words || new Map(bodies.map((each) => [each, each.textContent.toLowerCase()]));
    return words.get(body);
  };
  const filter = () => {
    const wanted = text.value.trim().toLowerCase();
    let count = 0;
    for (const body of bodies) {
      const visible =
        (status.value === 'all' || body.dataset.status.split(' ').includes(status.value)) &&
        (agent.value === '' || body.dataset.agent === agent.value) &&
        (wanted === '' || textOf(body).includes(wanted));
      body.hidden = !visible;
      if (visible) count++;
    }
    shown.textContent = count === bodies.length ? 'All ' + count + ' cases' : count + ' of ' + bodies.length + ' cases';
  };
  let sorted = { key: 'order', direction: 1 };
  const figure = (body, key) => {
    const value = body.dataset[key];
    return value === '' ? Infinity : Number(value);
  };
  const sort = (key) => {
    sorted = sorted.key === key ? { key, direction: -sorted.direction } : { key, direction: 1 };
    const rows = key === 'order' ? byOrder.slice() : byOrder.slice().sort((a, b) => {
      const x = figure(a, key), y = figure(b, key);
      if (x === y) return 0;
      if (x === Infinity) return 1;
      if (y === Infinity) return -1;
      return (x - y) * sorted.direction;
    });
    for (const body of rows) table.appendChild(body);
    for (const header of table.tHead.querySelectorAll('th[data-sort]')) {
      const on = header.dataset.sort === key && key !== 'order';
      if (on) header.setAttribute('aria-sort', sorted.direction === 1 ? 'ascending' : 'descending');
      else header.removeAttribute('aria-sort');
    }
  };
  status.addEventListener('change', filter);
  agent.addEventListener('change', filter);
  text.addEventListener('input', filter);
  table.tHead.addEventListener('click', (event) => {
    const header = event.target.closest('th[data-sort]');
    if (header) sort(header.dataset.sort);
  });
  table.addEventListener('click', (event) => {
    const button = event.target.closest('button.toggle');
    if (!button) return;
    const detail = button.closest('tbody').rows[1];
    detail.hidden = !detail.hidden;
    button.setAttribute('aria-expanded', String(!detail.hidden));
  });
})();
`;
