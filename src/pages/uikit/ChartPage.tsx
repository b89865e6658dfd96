import '@mantine/charts/styles.css';
import { BarChart, DonutChart, LineChart, PieChart, RadarChart, CompositeChart } from '@mantine/charts';
import { SimpleGrid } from '@mantine/core';
import { PageHeader } from '../shared/PageHeader.tsx';
import { SALES_CHANNELS } from '../shared/salesChannels.ts';
import { Section } from '../shared/Section.tsx';
import { T } from '../shared/Words.tsx';

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul'];
const revenue = months.map((month, i) => ({ month, online: 65 + ((i * 17) % 30), store: 28 + ((i * 11) % 40), target: 70 + i * 2 }));
const categories = [
  { name: 'Electronics', value: 38, color: 'indigo.6' },
  { name: 'Home', value: 22, color: 'orange.6' },
  { name: 'Clothing', value: 18, color: 'grape.6' },
  { name: 'Fitness', value: 14, color: 'teal.6' },
  { name: 'Accessories', value: 8, color: 'yellow.6' },
];
const satisfaction = [
  { aspect: 'Delivery', thisYear: 92, lastYear: 81 },
  { aspect: 'Price', thisYear: 74, lastYear: 70 },
  { aspect: 'Quality', thisYear: 88, lastYear: 85 },
  { aspect: 'Support', thisYear: 95, lastYear: 78 },
  { aspect: 'Returns', thisYear: 80, lastYear: 66 },
  { aspect: 'Website', thisYear: 86, lastYear: 72 },
];

export function ChartPage() {
  return (
    <>
      <PageHeader heading="page.chart.title" description={<T k="page.chart.lead" />} />
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
        <Section title={<T k="page.chart.line" />} description="Orders per month, in thousands">
          <LineChart h={280} data={revenue} dataKey="month" series={SALES_CHANNELS} curveType="monotone" withLegend />
        </Section>
        <Section title={<T k="page.chart.bar" />} description="The same figures, side by side">
          <BarChart h={280} data={revenue} dataKey="month" series={SALES_CHANNELS} withLegend />
        </Section>
        <Section title={<T k="page.chart.pie" />} description="Sales by category, per cent">
          <PieChart
            h={260}
            data={categories}
            withLabelsLine
            labelsPosition="outside"
            labelsType="percent"
            withLabels
            withTooltip
            mx="auto"
          />
        </Section>
        <Section title={<T k="page.chart.doughnut" />}>
          <DonutChart h={260} data={categories} withLabelsLine withLabels withTooltip chartLabel="Sales mix" mx="auto" />
        </Section>
        <Section title={<T k="page.chart.radar" />} description="Customer satisfaction, per cent">
          <RadarChart
            h={300}
            data={satisfaction}
            dataKey="aspect"
            series={[
              { name: 'thisYear', label: 'This year', color: 'indigo.5', opacity: 0.3 },
              { name: 'lastYear', label: 'Last year', color: 'orange.5', opacity: 0.2 },
            ]}
            withLegend
            withPolarRadiusAxis
          />
        </Section>
        <Section title={<T k="page.chart.combined" />} description="Online sales against the monthly target">
          <CompositeChart
            h={300}
            data={revenue}
            dataKey="month"
            series={[
              { name: 'online', label: 'Online', color: 'indigo.5', type: 'bar' },
              { name: 'target', label: 'Target', color: 'red.6', type: 'line' },
            ]}
            withLegend
          />
        </Section>
      </SimpleGrid>
    </>
  );
}

export { ChartPage as Component };
