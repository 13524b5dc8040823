import { StatisticheView } from '@/features/statistiche/components/statistiche-view';

/** /app/pages/statistiche: production, processing, sales, stock and purchases by period (issue 15). */
export const Component = StatisticheView;
