import pg from 'pg';
import { performance } from 'node:perf_hooks';
const stats = new Map();
const orig = pg.Client.prototype.query;
globalThis.__pgprof = { on: false, stats };
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === 'string' ? config : config?.text;
  if (text && !globalThis.__pgprof.on && text.startsWith('select "id", "code" from "procedure_codes" where "procedure_codes"."status"')) globalThis.__pgprof.on = true;
  if (!globalThis.__pgprof.on || !text) return orig.call(this, config, values, cb);
  // PGPROF_EXPLAIN=<ms>: plans (with nested statements: triggers, functions) of statements slower than that, printed.
  if (process.env.PGPROF_EXPLAIN && !this.__explained) {
    this.__explained = true;
    this.on('notice', (msg) => { if (String(msg.message).includes('duration')) console.error(`PGPROF plan: ${msg.message}\n${msg.detail ?? ''}`); });
    orig.call(this, `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${Number(process.env.PGPROF_EXPLAIN)}; SET auto_explain.log_analyze = on; SET auto_explain.log_nested_statements = on; SET auto_explain.log_level = 'notice'; SET auto_explain.log_triggers = on`).catch(() => undefined);
  }
  const key = text.replace(/\$\d+/g, '?').replace(/\(\?(, \?)*\)/g, '(?…)').replace(/(\(\?…\), )+/g, '').replace(/\s+/g, ' ').slice(0, 160);
  const t0 = performance.now();
  const done = () => { const s = stats.get(key) ?? { n: 0, ms: 0 }; s.n++; s.ms += performance.now() - t0; stats.set(key, s); };
  const r = orig.call(this, config, values, cb);
  if (r && typeof r.then === 'function') r.then(done, done);
  return r;
};
process.on('exit', () => {
  const rows = [...stats].sort((a, b) => b[1].ms - a[1].ms);
  let tot = 0, n = 0; for (const [, s] of rows) { tot += s.ms; n += s.n; }
  console.error(`PGPROF total ${n} statements ${tot.toFixed(0)} ms`);
  for (const [k, s] of rows.slice(0, 40)) console.error(`${s.n.toString().padStart(7)} ${s.ms.toFixed(0).padStart(8)} ms ${(s.ms / s.n).toFixed(2).padStart(7)} avg  ${k}`);
});
