import { Chart } from 'primereact/chart';
import type { Dashboard } from '@gestcava/contracts';
import { formatNumber } from '@/lib/format';
import { monthLong, monthShort } from './dashboard-format';

type Serie = NonNullable<Dashboard['produzione']>['serie'];

/** The theme's primary colour, so the bars follow the light or dark theme the user chose. */
function primaryColor(): string {
  const value = getComputedStyle(document.documentElement)
    .getPropertyValue('--primary-color')
    .trim();
  return value || '#3b82f6';
}

/**
 * m³ cut per month, last 12 months. Loaded lazily by the dashboard (React.lazy), and PrimeReact's
 * Chart loads chart.js itself on first draw, so neither weighs on the dashboard's first load. The
 * canvas is an image to a screen reader, labelled with every month's figure.
 */
export default function ProductionChart({ serie }: { serie: Serie }) {
  const color = primaryColor();
  const data = {
    labels: serie.map((s) => monthShort(s.mese)),
    datasets: [
      {
        label: 'm³ blocchi riquadrati',
        data: serie.map((s) => s.m3),
        backgroundColor: color,
        borderRadius: 3,
      },
    ],
  };
  const options = {
    maintainAspectRatio: false,
    animation: false,
    plugins: {
      legend: { display: false },
      tooltip: {
        callbacks: {
          label: (ctx: { parsed: { y: number } }) => `${formatNumber(ctx.parsed.y, 1)} m³`,
        },
      },
    },
    scales: {
      y: {
        beginAtZero: true,
        // whole m³ on the axis: with nothing produced Chart.js would step by 0,2 and, shown without
        // decimals, read 0, 0, 0, 1, 1, 1
        ticks: { precision: 0, callback: (v: string | number) => formatNumber(Number(v), 0) },
      },
      x: { ticks: { autoSkip: true, maxRotation: 0 } },
    },
  };
  const summary = serie.map((s) => `${monthLong(s.mese)} ${formatNumber(s.m3, 1)} m³`).join(', ');
  return (
    <figure className="production-chart m-0">
      <Chart
        type="bar"
        data={data}
        options={options}
        className="production-chart-canvas"
        ariaLabel={`Produzione degli ultimi 12 mesi: ${summary}`}
      />
    </figure>
  );
}
