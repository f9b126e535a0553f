// svc's admin dashboard: a static page over the admin API. Every figure comes from /v1/admin/*, with the key
// the user logged in with (the master key sees every org, an org admin key its own org only). No framework:
// DOM built with textContent (never HTML from data), charts drawn by uPlot.

const KEY_STORAGE = 'svc-dashboard-key';
const periods = {
  '24h': { hours: 24, bucket: 'hour', stepSeconds: 3600 },
  '7d': { hours: 24 * 7, bucket: 'day', stepSeconds: 86400 },
  '30d': { hours: 24 * 30, bucket: 'day', stepSeconds: 86400 },
};
const palette = ['#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#475569'];

const $ = (id) => document.getElementById(id);
const state = { key: sessionStorage.getItem(KEY_STORAGE), orgs: [], platform: false, charts: [], loading: 0 };

/** A call to the admin API; a non-2xx answer throws with the API's own message. */
async function api(path, init = {}) {
  const response = await fetch(path, {
    ...init,
    headers: { authorization: `Bearer ${state.key}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.error?.message ?? `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return body;
}

function usd(value) {
  if (!Number.isFinite(value)) return '-';
  return `$${Math.abs(value) < 1 ? value.toFixed(6) : value.toFixed(2)}`;
}
const percent = (part, whole) => (whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '-');

/** Replaces a table's body with one row per item; each cell is text (a number right-aligned) or an element. */
function fillTable(id, items, cells) {
  const body = $(id).querySelector('tbody');
  body.replaceChildren(
    ...items.map((item) => {
      const row = document.createElement('tr');
      for (const cell of cells(item)) {
        const td = document.createElement('td');
        if (cell instanceof Node) td.append(cell);
        else {
          td.textContent = cell === null || cell === undefined || cell === '' ? '-' : String(cell);
          if (typeof cell === 'number') td.className = 'number';
        }
        row.append(td);
      }
      return row;
    }),
  );
  if (items.length === 0) {
    const row = document.createElement('tr');
    const td = document.createElement('td');
    td.colSpan = $(id).querySelectorAll('th').length;
    td.textContent = 'none';
    row.append(td);
    body.append(row);
  }
}

function setFigure(name, text, value) {
  const element = document.querySelector(`[data-figure="${name}"]`);
  element.textContent = text;
  element.dataset.value = String(value);
}

function showLoggedIn(loggedIn) {
  $('login').hidden = loggedIn;
  $('views').hidden = !loggedIn;
  $('session').hidden = !loggedIn;
}

async function logIn(key) {
  state.key = key;
  try {
    const orgs = await api('/v1/admin/orgs');
    state.orgs = orgs.data;
    // Only the master key and platform admins list more than their own org; an org admin gets exactly its own.
    state.platform = orgs.data.length !== 1 || (await api('/v1/admin/usage/breakdown?by=org').then((body) => body.org_id === null));
  } catch (error) {
    state.key = null;
    sessionStorage.removeItem(KEY_STORAGE);
    $('login-error').textContent = error.status === 401 ? 'This key is not valid.' : error.status === 403 ? 'This key is not an admin key: use the master key or a key with the admin scope.' : error.message;
    showLoggedIn(false);
    return;
  }
  sessionStorage.setItem(KEY_STORAGE, key);
  $('login-error').textContent = '';
  const select = $('org');
  const options = state.orgs.map((org) => new Option(`${org.name} (${org.id})`, org.id));
  if (state.platform) options.unshift(new Option('All orgs', ''));
  select.replaceChildren(...options);
  showLoggedIn(true);
  await load();
}

function logOut() {
  sessionStorage.removeItem(KEY_STORAGE);
  state.key = null;
  for (const chart of state.charts) chart.destroy();
  state.charts = [];
  showLoggedIn(false);
}

/** The query of the selected org and period. */
function scope() {
  const period = periods[$('period').value];
  const to = new Date();
  const from = new Date(to.getTime() - period.hours * 3600 * 1000);
  if (period.bucket === 'day') from.setUTCHours(0, 0, 0, 0);
  else from.setUTCMinutes(0, 0, 0);
  const query = new URLSearchParams({ from: from.toISOString() });
  const org = $('org').value;
  if (org) query.set('org_id', org);
  return { period, from, to, org, query };
}

async function load() {
  const run = ++state.loading;
  const { period, from, to, org, query } = scope();
  const split = $('split').value;
  const q = (extra) => `${query.toString()}&${new URLSearchParams(extra).toString()}`;
  $('status').textContent = '';
  try {
    const [summary, perSplit, perBucket, routing, errors, keys, byok, cache] = await Promise.all([
      api(`/v1/admin/usage?${query}`),
      api(`/v1/admin/usage/breakdown?${q({ by: `${period.bucket},${split}` })}`),
      api(`/v1/admin/usage/breakdown?${q({ by: period.bucket })}`),
      api(`/v1/admin/usage/breakdown?${q({ by: 'task_family,tier' })}`),
      api(`/v1/admin/audit?${q({ min_status: '400', limit: '20' })}`),
      api(`/v1/admin/keys${org ? `?org_id=${encodeURIComponent(org)}` : ''}`),
      org ? api(`/v1/admin/orgs/${encodeURIComponent(org)}/provider-keys`) : Promise.resolve(undefined),
      org ? api(`/v1/admin/orgs/${encodeURIComponent(org)}/cache`).catch(() => undefined) : Promise.resolve(undefined),
    ]);
    if (run !== state.loading) return; // a newer load started meanwhile
    renderSummary(summary);
    renderCharts(period, from, to, split, perSplit.data, perBucket.data);
    fillTable('models', summary.by_model, (row) => [row.model ?? '(none: refused or failed)', row.requests, row.total_tokens, usd(row.cost_usd), usd(row.savings_usd)]);
    fillTable('routing', routing.data, (row) => [row.task_family ?? '(pinned model)', row.tier, row.requests, usd(row.cost_usd)]);
    fillTable('errors', errors.data, (row) => [new Date(row.created_at).toLocaleString(), row.status, row.error_code, row.endpoint, row.served_model ?? row.requested_model, row.request_id]);
    renderKeys(keys.data);
    fillTable('byok', byok?.data ?? [], (row) => [row.provider, row.base_url ?? '(provider default)', new Date(row.updated_at).toLocaleString()]);
    $('semantic-cache').textContent = cache
      ? `Semantic cache: ${cache.semantic.switch}${cache.semantic.note ? ` (${cache.semantic.note})` : ''}; shadow decisions ${cache.semantic.shadow.decisions}, estimated precision ${cache.semantic.estimated_precision === null ? 'not measured yet' : percent(cache.semantic.estimated_precision, 1)}.`
      : org ? '' : 'Choose an org to see its semantic cache and its own provider keys.';
  } catch (error) {
    if (error.status === 401) return logOut();
    $('status').textContent = error.message;
  }
}

function renderSummary(summary) {
  setFigure('requests', String(summary.requests), summary.requests);
  setFigure('cost', usd(summary.cost_usd), summary.cost_usd);
  setFigure('baseline', usd(summary.baseline_cost_usd), summary.baseline_cost_usd);
  setFigure('savings', `${usd(summary.savings_usd)} (${percent(summary.savings_usd, summary.baseline_cost_usd)})`, summary.savings_usd);
  setFigure('cache-rate', percent(summary.cache_hits, summary.requests), summary.requests > 0 ? summary.cache_hits / summary.requests : 0);
  const errors = summary.by_status.filter((row) => row.status >= 400).reduce((sum, row) => sum + row.requests, 0);
  setFigure('errors', String(errors), errors);
}

/** Bucket start times (seconds) from `from` to `to`, so that a quiet hour or day is drawn as zero. */
function bucketTimes(period, from, to) {
  const times = [];
  for (let time = Math.floor(from.getTime() / 1000); time <= to.getTime() / 1000; time += period.stepSeconds) times.push(time);
  return times;
}

function renderCharts(period, from, to, split, perSplit, perBucket) {
  for (const chart of state.charts) chart.destroy();
  state.charts = [];
  if (typeof uPlot === 'undefined') return; // the chart library did not load: the tables still speak
  const times = bucketTimes(period, from, to);
  const index = new Map(times.map((time, position) => [time, position]));
  const positionOf = (row) => index.get(Math.floor(Date.parse(row[period.bucket]) / 1000));
  // The busiest groups get their own line; the rest are summed as "other".
  const totals = new Map();
  for (const row of perSplit) totals.set(row[split] ?? '(none)', (totals.get(row[split] ?? '(none)') ?? 0) + row.cost_usd + row.requests * 1e-9);
  const groups = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([group]) => group);
  const shown = groups.slice(0, palette.length - 1);
  const seriesOf = (field) => {
    const lines = new Map([...shown, ...(groups.length > shown.length ? ['other'] : [])].map((group) => [group, times.map(() => 0)]));
    for (const row of perSplit) {
      const position = positionOf(row);
      if (position === undefined) continue;
      const group = row[split] ?? '(none)';
      lines.get(shown.includes(group) ? group : 'other')[position] += row[field];
    }
    return lines;
  };
  const width = Math.max(320, $('chart-cost').clientWidth || 800);
  const draw = (element, lines, format) => {
    const names = [...lines.keys()];
    const options = {
      width,
      height: 220,
      series: [{}, ...names.map((name, position) => ({ label: String(name), stroke: palette[position % palette.length], width: 2, value: (_u, value) => (value === null ? '-' : format(value)) }))],
      axes: [{}, { values: (_u, ticks) => ticks.map(format), size: 80 }],
    };
    state.charts.push(new uPlot(options, [times, ...names.map((name) => lines.get(name))], element));
  };
  draw($('chart-cost'), seriesOf('cost_usd'), usd);
  draw($('chart-requests'), seriesOf('requests'), (value) => String(Math.round(value)));
  const column = (field) => {
    const values = times.map(() => 0);
    for (const row of perBucket) {
      const position = positionOf(row);
      if (position !== undefined) values[position] += row[field];
    }
    return values;
  };
  draw($('chart-savings'), new Map([['cost', column('cost_usd')], ['baseline', column('baseline_cost_usd')]]), usd);
  draw($('chart-cache'), new Map([['requests', column('requests')], ['cache hits', column('cache_hits')]]), (value) => String(Math.round(value)));
}

function limitsOf(key) {
  const parts = [];
  if (key.rpm !== null) parts.push(`rpm ${key.rpm}`);
  if (key.tpm !== null) parts.push(`tpm ${key.tpm}`);
  if (key.monthly_token_quota !== null) parts.push(`${key.monthly_token_quota} tokens/month`);
  if (key.monthly_budget_usd !== null) parts.push(`$${key.monthly_budget_usd}/month`);
  return parts.join(', ');
}

function renderKeys(keys) {
  fillTable('keys', keys, (key) => {
    const revoked = key.revoked_at !== null;
    const expired = !revoked && key.expires_at !== null && Date.parse(key.expires_at) <= Date.now();
    let action = '';
    if (!revoked) {
      // Two clicks: the first asks, the second revokes (no browser dialog).
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = 'Revoke';
      button.dataset.keyId = key.id;
      button.addEventListener('click', async () => {
        if (button.dataset.armed !== 'true') {
          button.dataset.armed = 'true';
          button.textContent = 'Confirm revoke';
          return;
        }
        button.disabled = true;
        try {
          await api(`/v1/admin/keys/${encodeURIComponent(key.id)}`, { method: 'DELETE' });
          await load();
        } catch (error) {
          $('key-error').textContent = error.message;
          button.disabled = false;
        }
      });
      action = button;
    }
    return [key.name ?? '(unnamed)', key.prefix, key.org_id, key.scopes.join(', '), limitsOf(key), revoked ? 'revoked' : expired ? 'expired' : 'active', action];
  });
}

async function createKey(event) {
  event.preventDefault();
  $('key-error').textContent = '';
  const orgId = $('org').value || (!state.platform ? state.orgs[0]?.id : '');
  if (!orgId) {
    $('key-error').textContent = 'Choose an org first: a key belongs to one org.';
    return;
  }
  const body = { org_id: orgId };
  const name = $('key-name').value.trim();
  if (name) body.name = name;
  const scopes = $('key-scopes').value.split(',').map((scope) => scope.trim()).filter(Boolean);
  if (scopes.length) body.scopes = scopes;
  if ($('key-rpm').value) body.rpm = Number($('key-rpm').value);
  if ($('key-budget').value) body.monthly_budget_usd = Number($('key-budget').value);
  try {
    const created = await api('/v1/admin/keys', { method: 'POST', body: JSON.stringify(body) });
    $('new-key-secret').textContent = created.key;
    $('new-key').hidden = false;
    $('key-form').reset();
    await load();
  } catch (error) {
    $('key-error').textContent = error.message;
  }
}

$('login-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void logIn($('login-key').value.trim());
});
$('logout').addEventListener('click', logOut);
$('refresh').addEventListener('click', () => void load());
for (const id of ['org', 'period', 'split']) $(id).addEventListener('change', () => void load());
$('key-form').addEventListener('submit', (event) => void createKey(event));

if (state.key) void logIn(state.key);
else showLoggedIn(false);
