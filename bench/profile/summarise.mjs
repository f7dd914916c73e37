// Summarises a .cpuprofile: top self time and top inclusive time by function (file:line).
import fs from 'node:fs';
const file = process.argv[2];
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = new Map();
for (let i = 0; i < prof.samples.length; i++) dt.set(prof.samples[i], (dt.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, 'nm/').replace(/.*\/wt\/cache\//, '')}:${n.callFrame.lineNumber + 1}`;
const self = new Map(), incl = new Map();
let total = 0;
for (const [id, t] of dt) {
  total += t;
  const n = byId.get(id);
  self.set(key(n), (self.get(key(n)) ?? 0) + t);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + t);
  }
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `${(100 * t / total).toFixed(1).padStart(5)}%  ${k}`).join('\n');
console.log(`total ${(total / 1e6).toFixed(1)} s sampled\n-- self --\n${top(self, Number(process.argv[3] ?? 25))}\n-- inclusive --\n${top(incl, Number(process.argv[4] ?? 40))}`);
