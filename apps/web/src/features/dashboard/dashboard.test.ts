import { describe, expect, it } from 'vitest';
import { chartPoints, successionMarks } from './widgets/ForecastChartWidget.tsx';
import { urgency } from './widgets/StockWidgets.tsx';

const series = {
  id: 1,
  label: 'Gloves',
  unit: 'pair',
  method: 'ets',
  source: 'history',
  thin: false,
  history_start: '2026-10-27',
  history: [3, 5, 0, 2],
  forecast_start: '2026-11-24',
  mean: [2.5, 2.5],
  lower: [1, 0.5],
  upper: [4, 4.5],
  booked: [1, 0],
  actual: [2],
  successions: [] as Array<{ relation: 'replaces' | 'replaced_by'; product_id: number; name: string; date: string }>,
};

describe('forecast chart points', () => {
  it('puts history, then one point a forecast week with its band, bookings and actuals, on consecutive weeks', () => {
    const points = chartPoints(series);
    expect(points.map((p) => p.week)).toEqual(['2026-10-27', '2026-11-03', '2026-11-10', '2026-11-17', '2026-11-24', '2026-12-01']);
    expect(points.slice(0, 4).map((p) => p.history)).toEqual([3, 5, 0, 2]);
    expect(points[4]).toEqual({
      week: '2026-11-24',
      mean: 2.5,
      band: [1, 4],
      booked: 1,
      actual: 2,
    });
    expect(points[5]).toEqual({
      week: '2026-12-01',
      mean: 2.5,
      band: [0.5, 4.5],
    });
    // The forecast line starts from the last week of history, so the two join.
    expect(points[3]!.mean).toBe(2);
  });

  it('shows at most the last 26 weeks of history', () => {
    const long = {
      ...series,
      history_start: '2025-11-25',
      history: Array.from({ length: 52 }, (_, i) => i),
    };
    const points = chartPoints(long);
    expect(points.filter((p) => p.history !== undefined)).toHaveLength(26);
    expect(points[0]).toMatchObject({ week: '2026-05-26', history: 26 });
  });

  it('a product with no history still gets its forecast weeks', () => {
    expect(chartPoints({ ...series, history: [], actual: [] }).map((p) => p.week)).toEqual(['2026-11-24', '2026-12-01']);
  });
});

describe('succession marks on the forecast chart', () => {
  it('places each succession date on the chart week it falls in; a date outside the weeks shown has no line', () => {
    const s = {
      ...series,
      successions: [
        { relation: 'replaces' as const, product_id: 2, name: 'Gloves (old)', date: '2026-11-12' },
        { relation: 'replaced_by' as const, product_id: 3, name: 'Gloves (new)', date: '2026-12-08' },
        { relation: 'replaces' as const, product_id: 4, name: 'Gloves (oldest)', date: '2026-01-01' },
        { relation: 'replaced_by' as const, product_id: 5, name: 'Later', date: '2027-02-01' },
      ],
    };
    expect(successionMarks(s, chartPoints(s)).map((m) => [m.name, m.week])).toEqual([
      ['Gloves (old)', '2026-11-10'],
      ['Gloves (new)', null],
      ['Gloves (oldest)', null],
      ['Later', null],
    ]);
    // The last forecast week (from 2026-12-01) holds the days up to 2026-12-07.
    expect(successionMarks({ ...s, successions: [{ ...s.successions[1]!, date: '2026-12-07' }] }, chartPoints(s))[0]!.week).toBe('2026-12-01');
  });
});

describe('days-to-zero urgency', () => {
  it('is red before an order could arrive, orange within two weeks after, green beyond or never', () => {
    expect(urgency(3, 7)).toBe('red');
    expect(urgency(7, 7)).toBe('red');
    expect(urgency(21, 7)).toBe('orange');
    expect(urgency(22, 7)).toBe('green');
    expect(urgency(null, 7)).toBe('green');
  });
});
