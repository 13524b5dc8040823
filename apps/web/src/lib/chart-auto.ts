import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';

/**
 * What `chart.js/auto` gives PrimeReact's Chart (vite.config.ts aliases it here): Chart.js with the
 * bar chart only, the one the app draws. The full auto build registers every chart type and weighs
 * 68 KB gzip, over the 50 KB a lazy chunk may weigh (docs/quality.md P9); a chart type used later is
 * registered here (a line chart adds about 3 KB).
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export default Chart;
