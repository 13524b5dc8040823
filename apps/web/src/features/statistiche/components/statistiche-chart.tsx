import { useMemo } from 'react';
import { Chart } from 'primereact/chart';
import { formatNumber } from '@/lib/format';
import type { ChartData } from '../lib/statistiche-view-model';

/** The section's bar chart (Chart.js through PrimeReact), loaded on its own so the page draws first. */
export default function StatisticheChart({ data, label }: { data: ChartData; label: string }) {
  // one options object per mount: PrimeReact re-creates the chart whenever options change identity
  const options = useMemo(
    () => ({
      maintainAspectRatio: false,
      animation: false as const,
      plugins: {
        legend: { position: 'bottom' as const },
        tooltip: {
          callbacks: {
            label: (item: { dataset: { label?: string }; parsed: { y: number | null } }) =>
              `${item.dataset.label ?? ''}: ${formatNumber(item.parsed.y)}`,
          },
        },
      },
      scales: {
        y: {
          beginAtZero: true,
          ticks: { callback: (value: string | number) => formatNumber(Number(value)) },
        },
      },
      locale: 'it-IT',
    }),
    [],
  );
  return (
    <Chart
      type="bar"
      data={data}
      options={options}
      ariaLabel={label}
      className="statistiche-chart-canvas"
      data-testid="statistiche-chart"
    />
  );
}
