import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { Badge, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, type DashboardData } from '@enamel/contracts';
import { useFormat } from '../../../core/format.ts';
import { useUnitLabel } from '../../../ui/units.ts';
import { useMethodName, useWidget, type DashboardView } from '../dashboard.api.ts';
import { WidgetCard } from '../WidgetCard.tsx';

type Selected = NonNullable<DashboardData<'demand-forecast-data'>['selected']>;

/** Weeks of history the chart shows before the forecast starts. */
const HISTORY_WEEKS = 26;

export interface ChartPoint {
  week: string;
  history?: number;
  mean?: number;
  band?: [number, number];
  actual?: number;
  booked?: number;
}

/** One point a week: the last weeks of history, then the forecast's mean and band, the known bookings and (back-tests) the actuals. */
export function chartPoints(s: Selected): ChartPoint[] {
  const points: ChartPoint[] = [];
  const first = Math.max(0, s.history.length - HISTORY_WEEKS);
  for (let i = first; i < s.history.length; i++) points.push({ week: addDays(s.history_start, 7 * i), history: s.history[i] });
  s.mean.forEach((mean, i) => {
    points.push({
      week: addDays(s.forecast_start, 7 * i),
      mean,
      band: [s.lower[i] ?? mean, s.upper[i] ?? mean],
      ...(s.actual[i] !== undefined ? { actual: s.actual[i] } : {}),
      ...(s.booked[i] ? { booked: s.booked[i] } : {}),
    });
  });
  // The forecast line starts where the history ends, so the two read as one line.
  const last = s.history.length - 1;
  const joint = points[s.history.length - first - 1];
  if (last >= 0 && joint) joint.mean = s.history[last];
  return points;
}

export interface SuccessionMark {
  relation: Selected['successions'][number]['relation'];
  name: string;
  date: string;
  /** The chart week the date falls in (a point's `week`), or null when it is outside the weeks shown. */
  week: string | null;
}

/** The product's succession dates, each placed on the week of the chart it falls in (the marker's x). */
export function successionMarks(s: Selected, points: readonly ChartPoint[]): SuccessionMark[] {
  return s.successions.map((m) => {
    const at = points.findLast((p) => p.week <= m.date);
    const week = at && m.date < addDays(at.week, 7) ? at.week : null;
    return { relation: m.relation, name: m.name, date: m.date, week };
  });
}

/** History and forecast of a procedure code or a product, with its interval band, from the stored run. */
export function ForecastChartWidget({ view, kind }: { view: DashboardView; kind: 'procedure' | 'demand' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const unitLabel = useUnitLabel();
  const methodName = useMethodName();
  const [refId, setRefId] = useState<number | null>(null);
  const query = useWidget(kind === 'procedure' ? 'procedure-forecast-data' : 'demand-forecast-data', view, refId);
  const data = query.data?.data;
  const selected = data?.selected ?? null;
  const points = selected ? chartPoints(selected) : [];
  const marks = selected ? successionMarks(selected, points) : [];
  const day = (d: string) => format.dateTime(`${d}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });
  const markText = (m: SuccessionMark) => t(m.relation === 'replaces' ? 'dashboard.forecast.replaces' : 'dashboard.forecast.replacedBy', { name: m.name, date: day(m.date) });
  const level = query.data?.meta.run ? format.number(Number(query.data.meta.run.level), { style: 'percent', maximumFractionDigits: 0 }) : '';
  const backTest = query.data ? query.data.meta.forecast_date < query.data.meta.today : false;
  const number = (value: number) => format.number(value, { maximumFractionDigits: 1 });
  const unit = selected?.unit ? unitLabel(selected.unit, 2) : t('dashboard.forecast.procedures');
  const name = kind === 'procedure' ? 'procedure-forecast' : 'demand-forecast';
  return (
    <WidgetCard
      name={name}
      title={t(kind === 'procedure' ? 'dashboard.forecast.procedureTitle' : 'dashboard.forecast.demandTitle')}
      subtitle={selected ? t('dashboard.forecast.subtitle', { unit, level }) : null}
      query={query}
      empty={selected === null ? (query.data?.meta.run ? t('dashboard.forecast.empty') : t('dashboard.noRun')) : null}
      controls={
        data && data.options.length > 0 ? (
          <Select
            aria-label={t(kind === 'procedure' ? 'dashboard.forecast.chooseCode' : 'dashboard.forecast.chooseProduct')}
            data={data.options.map((o) => ({ value: String(o.id), label: o.label }))}
            value={selected ? String(selected.id) : null}
            onChange={(value) => value && setRefId(Number(value))}
            searchable
            allowDeselect={false}
            size="xs"
            w={240}
            comboboxProps={{ withinPortal: true }}
            data-testid={`${name}-select`}
          />
        ) : null
      }
    >
      {selected ? (
        <>
          <Group gap={6} mb={6}>
            <Badge variant="light" color="gray" tt="none">
              {t('dashboard.forecast.method', { method: methodName(selected.method) })}
            </Badge>
            {selected.source === 'procedures' ? (
              <Badge variant="light" color="blue" tt="none" data-testid="forecast-from-procedures">
                {/* A thin product borrows from its templates' procedures; a product with history chose them over it. */}
                {t(selected.thin ? 'dashboard.forecast.fromTemplates' : 'dashboard.forecast.fromProcedures')}
              </Badge>
            ) : null}
            {selected.source === 'category' ? (
              <Badge variant="light" color="blue" tt="none" data-testid="forecast-from-category">
                {t('dashboard.forecast.fromCategory')}
              </Badge>
            ) : null}
            {selected.source === 'predecessor' ? (
              <Badge variant="light" color="blue" tt="none" data-testid="forecast-predecessor">
                {t('dashboard.forecast.fromPredecessor')}
              </Badge>
            ) : null}
            {selected.thin ? (
              <Badge variant="light" color="orange" tt="none" data-testid="forecast-thin">
                {t('dashboard.forecast.thin')}
              </Badge>
            ) : null}
            {backTest ? (
              <Badge variant="light" color="grape" tt="none">
                {t('dashboard.forecast.backTest')}
              </Badge>
            ) : null}
          </Group>
          <figure style={{ margin: 0 }} aria-label={t('dashboard.forecast.chartLabel', { name: selected.label })} data-testid={`${name}-chart`}>
            <CompositeChart
              h={220}
              data={points}
              dataKey="week"
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              valueFormatter={number}
              xAxisProps={{ tickFormatter: (week: string) => format.dateTime(`${week}T12:00:00`, { day: 'numeric', month: 'short' }), minTickGap: 24 }}
              yAxisProps={{ width: 44 }}
              withDots={false}
              connectNulls={false}
              series={[
                { name: 'history', label: t('dashboard.forecast.history'), color: 'gray.7', type: 'line' },
                { name: 'mean', label: t('dashboard.forecast.forecast'), color: 'teal.7', type: 'line', strokeDasharray: '5 4' },
                ...(backTest ? [{ name: 'actual', label: t('dashboard.forecast.actual'), color: 'grape.7', type: 'line' as const }] : []),
                ...(points.some((p) => p.booked) ? [{ name: 'booked', label: t('dashboard.forecast.booked'), color: 'blue.3', type: 'bar' as const }] : []),
                // Its values are [lower, upper] pairs: recharts draws a range area.
                { name: 'band', label: t('dashboard.forecast.band', { level }), color: 'teal.3', type: 'area' },
              ]}
              areaProps={{ stroke: 'none', fillOpacity: 0.35, isAnimationActive: false }}
              // The succession dates: a dashed line on the week each falls in, named; the caption below says it in words.
              referenceLines={marks.flatMap((m) =>
                m.week === null
                  ? []
                  : [{ x: m.week, color: 'orange.9', strokeDasharray: '4 3', label: t(m.relation === 'replaces' ? 'dashboard.forecast.markReplaces' : 'dashboard.forecast.markReplacedBy', { name: m.name.length > 28 ? `${m.name.slice(0, 27)}…` : m.name }), labelPosition: 'insideTopRight' as const }],
              )}
            />
            {marks.length > 0 ? (
              <Text component="figcaption" size="xs" mt={4} data-testid="forecast-succession">
                {marks.map((m) => (
                  <span key={`${m.relation}-${m.name}-${m.date}`} style={{ display: 'block' }} data-testid="forecast-succession-mark">
                    {m.week === null ? markText(m) : t('dashboard.forecast.marked', { text: markText(m) })}
                  </span>
                ))}
              </Text>
            ) : null}
          </figure>
          <Text size="xs" c="dimmed" mt="lg">
            {t('dashboard.forecast.note')}
          </Text>
        </>
      ) : null}
    </WidgetCard>
  );
}
