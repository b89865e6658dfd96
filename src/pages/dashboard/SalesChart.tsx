import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { SALES_CHANNELS } from '../shared/salesChannels.ts';

export interface SalesChartProps {
  data: Record<string, string | number>[];
  formatValue: (value: number) => string;
}

/** The home page's revenue chart, with the chart library: a chunk of its own, loaded when the chart shows. */
export default function SalesChart({ data, formatValue }: SalesChartProps) {
  return (
    <AreaChart h={300} data={data} dataKey="month" series={SALES_CHANNELS} curveType="monotone" withLegend valueFormatter={formatValue} />
  );
}
