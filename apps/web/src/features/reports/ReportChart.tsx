import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

/** The report's chart: one bar per row (the first ones), loaded only with a report. */
export function ReportChart({ data, label, valueFormatter, axisFormatter }: { data: Array<{ name: string; value: number }>; label: string; valueFormatter: (value: number) => string; axisFormatter: (value: number) => string }) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="name"
      orientation="vertical"
      series={[{ name: 'value', label, color: 'teal.7' }]}
      valueFormatter={valueFormatter}
      yAxisProps={{ width: 220, tickFormatter: (name: string) => (name.length > 32 ? `${name.slice(0, 31)}…` : name) }}
      xAxisProps={{ tickFormatter: axisFormatter }}
    />
  );
}
