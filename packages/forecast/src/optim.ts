/**
 * Nelder–Mead simplex minimiser (standard coefficients: reflection 1, expansion 2, contraction ½,
 * shrink ½). Bounds are handled by the objective returning +Infinity outside the feasible region.
 */
export interface NelderMeadOptions {
  /** Initial step per coordinate (default 10 % of |x0| or 0.05). */
  step?: readonly number[];
  maxEvaluations?: number;
  /** Stop when the spread of objective values in the simplex falls below this (relative). */
  tolerance?: number;
}

export interface NelderMeadResult {
  x: number[];
  value: number;
  evaluations: number;
}

export function nelderMead(f: (x: Float64Array) => number, x0: readonly number[], opts: NelderMeadOptions = {}): NelderMeadResult {
  const dim = x0.length;
  const maxEval = opts.maxEvaluations ?? 200 * dim;
  const tol = opts.tolerance ?? 1e-8;
  const pts: Float64Array[] = [];
  const vals = new Float64Array(dim + 1);
  let evals = 0;
  const evalAt = (x: Float64Array): number => {
    evals++;
    const v = f(x);
    return Number.isNaN(v) ? Infinity : v;
  };
  pts.push(Float64Array.from(x0));
  for (let i = 0; i < dim; i++) {
    const p = Float64Array.from(x0);
    const s = opts.step?.[i] ?? (Math.abs(x0[i]!) > 1e-8 ? 0.1 * Math.abs(x0[i]!) : 0.05);
    p[i] = p[i]! + s;
    pts.push(p);
  }
  for (let i = 0; i <= dim; i++) vals[i] = evalAt(pts[i]!);

  const order = Array.from({ length: dim + 1 }, (_, i) => i);
  const centroid = new Float64Array(dim);
  const xr = new Float64Array(dim);
  const xe = new Float64Array(dim);
  const xc = new Float64Array(dim);

  while (evals < maxEval) {
    // Stable insertion sort of the dim + 1 vertices by value (no closure per iteration).
    for (let i = 1; i <= dim; i++) {
      const oi = order[i]!;
      const v = vals[oi]!;
      let j = i - 1;
      while (j >= 0 && vals[order[j]!]! > v) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = oi;
    }
    const best = order[0]!;
    const worst = order[dim]!;
    const second = order[dim - 1]!;
    const fb = vals[best]!;
    const fw = vals[worst]!;
    if (Number.isFinite(fw) && Math.abs(fw - fb) <= tol * (Math.abs(fb) + tol)) break;

    centroid.fill(0);
    for (let k = 0; k < dim; k++) {
      const p = pts[order[k]!]!;
      for (let j = 0; j < dim; j++) centroid[j] = centroid[j]! + p[j]! / dim;
    }
    const pw = pts[worst]!;
    for (let j = 0; j < dim; j++) xr[j] = centroid[j]! + (centroid[j]! - pw[j]!);
    const fr = evalAt(xr);
    if (fr < fb) {
      for (let j = 0; j < dim; j++) xe[j] = centroid[j]! + 2 * (centroid[j]! - pw[j]!);
      const fe = evalAt(xe);
      if (fe < fr) {
        pw.set(xe);
        vals[worst] = fe;
      } else {
        pw.set(xr);
        vals[worst] = fr;
      }
      continue;
    }
    if (fr < vals[second]!) {
      pw.set(xr);
      vals[worst] = fr;
      continue;
    }
    // Contraction (outside if the reflected point is better than the worst, inside otherwise).
    const outside = fr < fw;
    for (let j = 0; j < dim; j++) xc[j] = outside ? centroid[j]! + 0.5 * (xr[j]! - centroid[j]!) : centroid[j]! + 0.5 * (pw[j]! - centroid[j]!);
    const fc = evalAt(xc);
    if (fc < (outside ? fr : fw)) {
      pw.set(xc);
      vals[worst] = fc;
      continue;
    }
    // Shrink towards the best point.
    const pb = pts[best]!;
    for (let k = 1; k <= dim; k++) {
      const idx = order[k]!;
      const p = pts[idx]!;
      for (let j = 0; j < dim; j++) p[j] = pb[j]! + 0.5 * (p[j]! - pb[j]!);
      vals[idx] = evalAt(p);
    }
  }
  let bi = 0;
  for (let i = 1; i <= dim; i++) if (vals[i]! < vals[bi]!) bi = i;
  return { x: Array.from(pts[bi]!), value: vals[bi]!, evaluations: evals };
}
