"""
Independent reference values for the @enamel/forecast unit tests.

Pure Python 3 (no numpy), written from the textbook equations rather than from the TypeScript:
- ETS / Holt-Winters in *component form* (Hyndman & Athanasopoulos, fpp2 §7.3-7.5; Hyndman et al.
  2008 Table 2.1), with beta* = beta/alpha; -2logL as R forecast's etscalc.
- Classical decomposition as R's decompose(); thetaf() as R forecast 8.x (SES fitted by a plain
  Nelder-Mead written here).
- Croston / SBA / TSB / ADIDA / IMAPA as described in their papers with the same grid and
  initialisation rules as the package documents.
- ARIMA with given coefficients written out as explicit difference equations (Box, Jenkins &
  Reinsel; the airline model and ARMA(1,1) with mean), one-step errors from zero pre-sample values,
  psi-weights by power-series division; the KPSS level statistic (Kwiatkowski et al. 1992, Bartlett
  window, lag floor(3 sqrt(n) / 13)); seasonal strength of an additive classical decomposition.
Run:  python3 packages/forecast/test/reference/compute_reference.py  (prints JSON)
"""
import json, math

Y = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118,
     115, 126, 141, 135, 125, 149, 170, 170, 158, 133, 114, 140,
     145, 150, 178, 163, 172, 178, 199, 199, 184, 162, 146, 166,
     171, 180, 193, 181, 183, 218, 230, 242, 209, 191, 172, 194]   # AirPassengers 1949-1952 (Box & Jenkins)
AP144 = Y + [196, 196, 236, 235, 229, 243, 264, 272, 237, 211, 180, 201,
              204, 188, 235, 227, 234, 264, 302, 293, 259, 229, 203, 229,
              242, 233, 267, 269, 270, 315, 364, 347, 312, 274, 237, 278,
              284, 277, 317, 313, 318, 374, 413, 405, 355, 306, 271, 306,
              315, 301, 356, 348, 355, 422, 465, 467, 404, 347, 305, 336,
              340, 318, 362, 348, 363, 435, 491, 505, 404, 359, 310, 337,
              360, 342, 406, 396, 420, 472, 548, 559, 463, 407, 362, 405,
              417, 391, 419, 461, 472, 535, 622, 606, 508, 461, 390, 432]   # AirPassengers 1949-1960
INTER = [0, 0, 3, 0, 0, 1, 0, 0, 0, 2, 0, 0, 5, 0, 1, 0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 4, 0, 0, 1]
SEAS = [round(100 + 20 * math.sin(2 * math.pi * t / 12) + 3 * ((t * 7) % 5) + 0.5 * t, 3) for t in range(48)]
GRID = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5]

def ets_component(y, m, err, trend, season, alpha, beta, gamma, phi, l0, b0, s0, h):
    """s0[k] applies to observations t with t % m == k."""
    l, b = l0, b0
    s = list(s0) if season != 'N' else []
    bstar = beta / alpha if trend != 'N' else 0.0
    sse = 0.0; logsum = 0.0
    for t, yt in enumerate(y):
        k = t % m if season != 'N' else 0
        damp_b = (phi * b) if trend == 'Ad' else (b if trend == 'A' else 0.0)
        base = l + damp_b
        if season == 'A': yhat = base + s[k]
        elif season == 'M': yhat = base * s[k]
        else: yhat = base
        e = (yt - yhat) / yhat if err == 'M' else yt - yhat
        sse += e * e
        if err == 'M': logsum += math.log(abs(yhat))
        if season == 'A': lnew = alpha * (yt - s[k]) + (1 - alpha) * base
        elif season == 'M': lnew = alpha * (yt / s[k]) + (1 - alpha) * base
        else: lnew = alpha * yt + (1 - alpha) * base
        if trend != 'N': bnew = bstar * (lnew - l) + (1 - bstar) * damp_b
        else: bnew = 0.0
        if season == 'A': s[k] = gamma * (yt - base) + (1 - gamma) * s[k]
        elif season == 'M': s[k] = gamma * (yt / base) + (1 - gamma) * s[k]
        l, b = lnew, bnew
    n = len(y)
    lik = n * math.log(sse) + (2 * logsum if err == 'M' else 0.0)
    fc = []
    for i in range(1, h + 1):
        if trend == 'Ad': tr = sum(phi ** j for j in range(1, i + 1)) * b
        elif trend == 'A': tr = i * b
        else: tr = 0.0
        f = l + tr
        if season == 'A': f += s[(n + i - 1) % m]
        elif season == 'M': f *= s[(n + i - 1) % m]
        fc.append(f)
    return {'lik': lik, 'sse': sse, 'forecast': fc}

def decompose_mult(y, m):
    n = len(y)
    w = [0.5] + [1.0] * (m - 1) + [0.5] if m % 2 == 0 else [1.0] * m
    half = m // 2
    trend = [None] * n
    for t in range(half, n - half):
        trend[t] = sum(w[j] * y[t - half + j] for j in range(len(w))) / m
    fig = []
    for k in range(m):
        vals = [y[t] / trend[t] for t in range(k, n, m) if trend[t] is not None]
        fig.append(sum(vals) / len(vals))
    mu = sum(fig) / m
    return [f / mu for f in fig]

def acf(y, lag):
    n = len(y); mu = sum(y) / n
    d = sum((v - mu) ** 2 for v in y)
    return [sum((y[t] - mu) * (y[t + k] - mu) for t in range(n - k)) / d for k in range(1, lag + 1)]

def seasonal_test(y, m):
    r = acf(y, m)
    stat = math.sqrt((1 + 2 * sum(v * v for v in r[:m - 1])) / len(y))
    return abs(r[m - 1]) / stat > 1.6448536269514722

def nelder_mead(f, x0, steps, iters=4000):
    pts = [list(x0)]
    for i, s in enumerate(steps):
        p = list(x0); p[i] += s; pts.append(p)
    vals = [f(p) for p in pts]
    for _ in range(iters):
        order = sorted(range(len(pts)), key=lambda i: vals[i])
        pts = [pts[i] for i in order]; vals = [vals[i] for i in order]
        if abs(vals[-1] - vals[0]) < 1e-14 * (abs(vals[0]) + 1e-14): break
        dim = len(x0)
        c = [sum(p[j] for p in pts[:-1]) / dim for j in range(dim)]
        xr = [c[j] + (c[j] - pts[-1][j]) for j in range(dim)]; fr = f(xr)
        if fr < vals[0]:
            xe = [c[j] + 2 * (c[j] - pts[-1][j]) for j in range(dim)]; fe = f(xe)
            if fe < fr: pts[-1], vals[-1] = xe, fe
            else: pts[-1], vals[-1] = xr, fr
        elif fr < vals[-2]: pts[-1], vals[-1] = xr, fr
        else:
            xc = [c[j] + 0.5 * (pts[-1][j] - c[j]) for j in range(dim)]; fc = f(xc)
            if fc < vals[-1]: pts[-1], vals[-1] = xc, fc
            else:
                for i in range(1, len(pts)):
                    pts[i] = [pts[0][j] + 0.5 * (pts[i][j] - pts[0][j]) for j in range(dim)]
                    vals[i] = f(pts[i])
    i = min(range(len(pts)), key=lambda i: vals[i])
    return pts[i], vals[i]

def ses_sse(y, a, l0):
    l = l0; s = 0.0
    for v in y:
        s += (v - l) ** 2; l = l + a * (v - l)
    return s, l

def thetaf(y, m, h):
    n = len(y)
    seasonal = m > 1 and n > 2 * m and seasonal_test(y, m)
    idx = decompose_mult(y, m) if seasonal else None
    ya = [v / idx[t % m] for t, v in enumerate(y)] if seasonal else list(y)
    def obj(x):
        a, l0 = x
        if not (1e-4 <= a <= 0.9999): return float('inf')
        return ses_sse(ya, a, l0)[0]
    (a, l0), _ = nelder_mead(obj, [0.2, sum(ya[:10]) / 10], [0.1, 0.1 * abs(sum(ya[:10]) / 10)])
    # polish with a second start at the optimum
    (a, l0), _ = nelder_mead(obj, [a, l0], [0.02, 0.01 * abs(l0)])
    _, lev = ses_sse(ya, a, l0)
    tm = (n - 1) / 2; ym = sum(ya) / n
    slope = sum((t - tm) * (v - ym) for t, v in enumerate(ya)) / sum((t - tm) ** 2 for t in range(n))
    drift = slope / 2
    fc = [lev + drift * (i + (1 - (1 - a) ** n) / a) for i in range(h)]
    if seasonal: fc = [f * idx[(n + i) % m] for i, f in enumerate(fc)]
    return {'seasonal': seasonal, 'alpha': a, 'forecast': fc}

def croston_family(y, variant):
    sizes = [v for v in y if v > 0]
    z0 = sum(sizes) / len(sizes); p0 = len(y) / len(sizes)
    best = None
    for az in GRID:
        for ap in GRID:
            fac = (1 - ap / 2) if variant == 'sba' else 1.0
            z, p, q, sse = z0, p0, 1, 0.0
            for v in y:
                sse += (v - fac * z / p) ** 2
                if v > 0:
                    z += az * (v - z); p += ap * (q - p); q = 1
                else: q += 1
            mse = sse / len(y)
            if best is None or mse < best[0] - 1e-12: best = (mse, fac * z / p, az, ap)
    return {'forecast': best[1], 'mse': best[0], 'alphaSize': best[2], 'alphaInterval': best[3]}

def tsb(y):
    sizes = [v for v in y if v > 0]
    z0 = sum(sizes) / len(sizes); p0 = len(sizes) / len(y)
    best = None
    for a in GRID:
        for b in GRID:
            z, p, sse = z0, p0, 0.0
            for v in y:
                sse += (v - p * z) ** 2
                if v > 0: p += b * (1 - p); z += a * (v - z)
                else: p -= b * p
            mse = sse / len(y)
            if best is None or mse < best[0] - 1e-12: best = (mse, p * z, a, b)
    return {'forecast': best[1], 'mse': best[0], 'alphaSize': best[2], 'betaProbability': best[3]}

def ses_grid(y):
    l0 = sum(y) / len(y); best = None
    for a in GRID:
        sse, l = ses_sse(y, a, l0)
        if best is None or sse / len(y) < best[0] - 1e-12: best = (sse / len(y), l, a)
    return best

def adida(y, k):
    b = len(y) // k; start = len(y) - b * k
    agg = [sum(y[start + j * k: start + (j + 1) * k]) for j in range(b)]
    mse, lev, a = ses_grid(agg)
    return lev / k

def imapa(y):
    nz = sum(1 for v in y if v > 0)
    adi = len(y) / nz
    kmax = max(1, min(max(2, math.ceil(adi)), 12, len(y) // 3))
    return sum(adida(y, k) for k in range(1, kmax + 1)) / kmax, kmax

def nb_quantile(q, mu, var):
    if var <= mu:
        pmf = lambda k: math.exp(k * math.log(mu) - mu - math.lgamma(k + 1))
    else:
        r = mu * mu / (var - mu); p = r / (r + mu)
        pmf = lambda k: math.exp(math.lgamma(k + r) - math.lgamma(r) - math.lgamma(k + 1) + r * math.log(p) + k * math.log(1 - p))
    c = 0.0; k = 0
    while True:
        c += pmf(k)
        if c >= q - 1e-12: return k
        k += 1

def count_pmf_list(mu, var, kmax=400):
    """Poisson (var <= mu) or negative binomial pmf values 0..kmax, from the textbook formulas."""
    if var <= mu:
        return [math.exp(k * math.log(mu) - mu - math.lgamma(k + 1)) for k in range(kmax + 1)]
    r = mu * mu / (var - mu); p = r / (r + mu)
    return [math.exp(math.lgamma(k + r) - math.lgamma(r) - math.lgamma(k + 1) + r * math.log(p) + k * math.log(1 - p)) for k in range(kmax + 1)]

def occurrence_size_pmf(mu, sizes):
    """Demand occurs with p = min(1, mu / mean size), then takes one of the sizes (equally likely)."""
    p = min(1.0, mu / (sum(sizes) / len(sizes)))
    vals = [0] + sorted(set(sizes))
    return vals, [1 - p] + [p * sizes.count(v) / len(sizes) for v in vals[1:]]

def discrete_interval(vals, pmf, level, rule):
    """Bounds of a discrete distribution (support vals ascending, from 0) at coverage `level`.
    'quantile': lower = smallest value with F >= (1 - level) / 2; upper = smallest value with
    F >= level when the lower bound is 0 (empty lower tail), else F >= 1 - (1 - level) / 2.
    'nearest': lower = the value below which the left-out mass F(lo - 1) is nearest (1 - level) / 2
    (found by scanning every candidate; a tie keeps the smaller bound); upper = the value whose
    interval coverage F(hi) - F(lo - 1) is nearest `level` (a tie takes the larger bound)."""
    F = []; c = 0.0
    for q in pmf:
        c += q; F.append(c)
    below = lambda i: F[i - 1] if i > 0 else 0.0
    tail = (1 - level) / 2
    if rule == 'quantile':
        lo = next(i for i, f in enumerate(F) if f >= tail - 1e-12)
        target = level if lo == 0 else 1 - tail
        hi = max(lo, next(i for i, f in enumerate(F) if f >= target - 1e-12))
        return [vals[lo], vals[hi]]
    lo = min(range(len(F)), key=lambda i: (abs(below(i) - tail), i))
    hi = min(range(lo, len(F)), key=lambda i: (abs(F[i] - below(lo) - level), -i))
    return [vals[lo], vals[hi]]

def ses_exact(y):
    """SES, ETS(A,N,N): the alpha in [0.0001, 0.9999] and initial level that minimise the sum of
    squared one-step errors. Brute force: alpha on a grid of step 0.0001, the initial level by least
    squares at each alpha (the errors are linear in it), then ternary search within one grid step."""
    def profile(a):
        l = 0.0; d = 1.0; see = sed = sdd = 0.0
        for v in y:
            e = v - l
            see += e * e; sed += e * d; sdd += d * d
            l += a * e; d *= 1 - a
        l0 = sed / sdd
        return see - sed * l0, l0, l + d * l0
    best = min((profile(0.0001 + i * 0.0001)[0], 0.0001 + i * 0.0001) for i in range(9999))
    lo, hi = max(0.0001, best[1] - 0.0001), min(0.9999, best[1] + 0.0001)
    for _ in range(100):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if profile(m1)[0] <= profile(m2)[0]: hi = m2
        else: lo = m1
    a = (lo + hi) / 2
    sse, l0, last = profile(a)
    return {'alpha': a, 'l0': l0, 'level': last, 'sse': sse}

def expiry_waste_poisson(qty, ahead, mu):
    ew = 0.0; pw = 0.0
    for k in range(0, int(qty + ahead) + 1):
        p = math.exp(k * math.log(mu) - mu - math.lgamma(k + 1))
        w = max(0, qty - max(0, k - ahead))
        ew += p * w
        if w > 0: pw += p
    return ew, pw

def poisson_loss(s, mu):
    return sum((k - s) * math.exp(k * math.log(mu) - mu - math.lgamma(k + 1)) for k in range(int(s) + 1, 400))

def fill_rate_poisson(mu_period, L, R, beta):
    allowed = (1 - beta) * mu_period * R
    s = 0
    while poisson_loss(s, mu_period * (L + R)) - poisson_loss(s, mu_period * L) > allowed: s += 1
    return s

def normal_loss(s, mu, sd):
    z = (s - mu) / sd
    return sd * (math.exp(-z * z / 2) / math.sqrt(2 * math.pi) - z * (1 - 0.5 * (1 + math.erf(z / math.sqrt(2)))))

def fill_rate_normal(mu_period, sd_period, L, R, beta):
    allowed = (1 - beta) * mu_period * R
    lo, hi = 0.0, 10 * mu_period * (L + R)
    for _ in range(200):
        mid = (lo + hi) / 2
        if normal_loss(mid, mu_period * (L + R), sd_period * math.sqrt(L + R)) - normal_loss(mid, mu_period * L, sd_period * math.sqrt(L)) <= allowed: hi = mid
        else: lo = mid
    return hi

def psi_weights(ma_poly, ar_poly, n):
    """Power series of ma_poly(B) / ar_poly(B) (coefficient lists, index = power of B), n terms."""
    psi = []
    for j in range(n):
        v = ma_poly[j] if j < len(ma_poly) else 0.0
        for k in range(1, min(j, len(ar_poly) - 1) + 1):
            v -= ar_poly[k] * psi[j - k]
        psi.append(v / ar_poly[0])
    return psi

def airline(y, theta, Theta, h):
    """ARIMA(0,1,1)(0,1,1)12: (1-B)(1-B^12) y_t = (1 + theta B)(1 + Theta B^12) e_t."""
    n = len(y)
    w = [y[t] - y[t - 1] - y[t - 12] + y[t - 13] for t in range(13, n)]
    e = []
    for t in range(len(w)):
        v = w[t]
        if t >= 1: v -= theta * e[t - 1]
        if t >= 12: v -= Theta * e[t - 12]
        if t >= 13: v -= theta * Theta * e[t - 13]
        e.append(v)
    sse = sum(v * v for v in e)
    sigma2 = sse / len(w)
    E = [0.0] * 13 + e          # errors aligned with y
    Y = list(y)
    for i in range(h):
        t = n + i
        f = Y[t - 1] + Y[t - 12] - Y[t - 13]
        for lag, c in ((1, theta), (12, Theta), (13, theta * Theta)):
            if t - lag < n: f += c * E[t - lag]
        Y.append(f)
    ar = [0.0] * 14; ar[0] = 1; ar[1] = -1; ar[12] = -1; ar[13] = 1          # (1-B)(1-B^12)
    ma = [0.0] * 14; ma[0] = 1; ma[1] = theta; ma[12] = Theta; ma[13] = theta * Theta
    psi = psi_weights(ma, ar, h)
    sd = [math.sqrt(sigma2 * sum(p * p for p in psi[:i + 1])) for i in range(h)]
    return {'sse': sse, 'forecast': Y[n:], 'sd': sd}

def arma11(y, phi, theta, mu, h):
    """ARMA(1,1) with mean: (y_t - mu) = phi (y_{t-1} - mu) + e_t + theta e_{t-1}."""
    e = []
    for t, v in enumerate(y):
        r = v - mu
        if t >= 1: r -= phi * (y[t - 1] - mu) + theta * e[t - 1]
        e.append(r)
    sse = sum(v * v for v in e)
    sigma2 = sse / len(y)
    f1 = mu + phi * (y[-1] - mu) + theta * e[-1]
    fc = [mu + phi ** i * (f1 - mu) for i in range(h)]
    psi = [1.0] + [phi ** (j - 1) * (phi + theta) for j in range(1, h)]
    sd = [math.sqrt(sigma2 * sum(p * p for p in psi[:i + 1])) for i in range(h)]
    return {'sse': sse, 'forecast': fc, 'sd': sd}

def kpss(x):
    n = len(x)
    mu = sum(x) / n
    e = [v - mu for v in x]
    S = 0.0; num = 0.0
    for v in e:
        S += v
        num += S * S
    L = int(3 * math.sqrt(n) / 13)
    s2 = sum(v * v for v in e) / n
    for l in range(1, L + 1):
        s2 += 2 * (1 - l / (L + 1.0)) * sum(e[t] * e[t - l] for t in range(l, n)) / n
    return num / (n * n * s2)

def seasonal_strength(y, m):
    n = len(y); half = m // 2
    detr = {}
    for t in range(half, n - half):
        if m % 2 == 0: tr = (0.5 * y[t - half] + sum(y[t - half + 1:t + half]) + 0.5 * y[t + half]) / m
        else: tr = sum(y[t - half:t + half + 1]) / m
        detr[t] = y[t] - tr
    fig = []
    for k in range(m):
        vals = [v for t, v in detr.items() if t % m == k]
        fig.append(sum(vals) / len(vals))
    fm = sum(fig) / m
    seas = {t: fig[t % m] - fm for t in detr}
    def var(v):
        mu = sum(v) / len(v)
        return sum((a - mu) ** 2 for a in v) / (len(v) - 1)
    rem = [detr[t] - seas[t] for t in sorted(detr)]
    return max(0.0, 1 - var(rem) / var([detr[t] for t in sorted(detr)]))

out = {}
s0m = decompose_mult(Y[:36], 12)
out['ANN'] = ets_component(Y, 1, 'A', 'N', 'N', 0.3, 0, 0, 1, 110.0, 0, [], 3)
out['AAdN'] = ets_component(Y, 1, 'A', 'Ad', 'N', 0.5, 0.1, 0, 0.9, 110.0, 1.5, [], 4)
addS = [v * 100 - 100 for v in s0m]
out['AAdA'] = ets_component(Y, 12, 'A', 'Ad', 'A', 0.4, 0.05, 0.2, 0.95, 115.0, 1.0, addS, 14)
out['MAM'] = ets_component(Y, 12, 'M', 'A', 'M', 0.3, 0.02, 0.1, 1, 115.0, 1.2, s0m, 14)
out['MNM'] = ets_component(Y, 12, 'M', 'N', 'M', 0.25, 0, 0.15, 1, 120.0, 0, s0m, 13)
out['decomposeY36'] = s0m
out['acfY'] = acf(Y, 12)
out['seasonalY'] = seasonal_test(Y, 12)
out['thetaY'] = thetaf(Y, 12, 18)
out['SEAS'] = SEAS
out['seasonalSEAS'] = seasonal_test(SEAS, 12)
out['thetaSEAS'] = thetaf(SEAS, 12, 14)
out['thetaNonSeasonal'] = thetaf(Y[:20], 1, 5)
out['croston'] = croston_family(INTER, 'croston')
out['sba'] = croston_family(INTER, 'sba')
out['tsb'] = tsb(INTER)
out['adida3'] = adida(INTER, 3)
out['imapa'] = imapa(INTER)
out['nbq'] = [nb_quantile(0.95, 2.0, 2.0), nb_quantile(0.95, 2.0, 6.0), nb_quantile(0.025, 10.0, 30.0), nb_quantile(0.975, 10.0, 30.0), nb_quantile(0.5, 0.3, 0.9)]
out['expiry'] = expiry_waste_poisson(10, 2, 8.0)
# Seasonally adjusted AirPassengers 1949-1952 (interior optimum) and a level shifting by a sine
# pattern (interior optimum) and the intermittent series (optimum on the lower bound).
RWN = [round(100 + 5 * math.sin(t * 1.3) + 0.7 * t * math.sin(t / 7) + 3 * math.cos(t * 2.9), 3) for t in range(40)]
YADJ = [v / s0m[t % 12] for t, v in enumerate(Y)]
out['sesExact'] = [dict(ses_exact(YADJ), y=YADJ), dict(ses_exact(RWN), y=RWN), dict(ses_exact([float(v) for v in INTER]), y=INTER)]
# Discrete bounds: [mean, variance, level, rule] -> [lower, upper] (count distributions), and the
# occurrence x size distribution of sizes 1, 1, 1, 2, 2, 3, 6 (mean size 16/7) at three means.
COUNT_CASES = [[2.0, 2.0, 0.8], [0.3, 0.3, 0.8], [0.3, 0.3, 0.95], [0.5, 0.5, 0.8], [1.2, 3.0, 0.8], [1.2, 3.0, 0.95], [10.0, 30.0, 0.8], [10.0, 30.0, 0.95]]
out['countIntervals'] = [[m, v, l, r, discrete_interval(list(range(401)), count_pmf_list(m, v), l, r)] for m, v, l, r in [c + [rule] for c in COUNT_CASES for rule in ('quantile', 'nearest')]]
SIZES = [1, 1, 1, 2, 2, 3, 6]
out['sizeIntervals'] = [[mu, l, r, discrete_interval(*occurrence_size_pmf(mu, SIZES), l, r)] for mu in (0.2, 0.6, 1.5, 2.0) for l in (0.8, 0.95) for r in ('quantile', 'nearest')]
out['fillRate'] = [fill_rate_poisson(2.0, 2, 1, 0.95), fill_rate_normal(100.0, 10.0, 2, 1, 0.98)]
LOGAP = [math.log(v) for v in AP144]
out['airline'] = airline(LOGAP, -0.4, -0.6, 24)
out['arma11'] = arma11(Y, 0.7, 0.2, 150.0, 6)
out['kpss'] = [kpss(Y), kpss([Y[t] - Y[t - 1] for t in range(1, len(Y))]), kpss([LOGAP[t] - LOGAP[t - 12] for t in range(12, 144)])]
out['seasonalStrengthLogAP'] = seasonal_strength(LOGAP, 12)
print(json.dumps(out, indent=1))
