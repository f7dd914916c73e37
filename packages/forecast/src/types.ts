/** Output of one forecasting method before intervals are turned into bounds. */
export interface MethodForecast {
  /** Method name, e.g. "ETS(M,Ad,M)", "theta", "sba". */
  method: string;
  /** Point forecast per period (not yet clamped at zero). */
  mean: number[];
  /** Standard deviation of the forecast error per period ahead. */
  sd: number[];
  /** How bounds are formed: normal (continuous demand) or count (Poisson / negative binomial). */
  distribution: 'normal' | 'count';
  /** Fitted parameters and other statistics that explain the forecast. */
  params: Record<string, number | string>;
}

/** A forecasting method: series, horizon and seasonal period in, forecast out. */
export type Method = (y: readonly number[], h: number, m: number) => MethodForecast;
