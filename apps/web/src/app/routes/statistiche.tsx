import { StatisticheView } from '@/features/statistiche/components/statistiche-view';

/** /app/pages/statistiche: production, processing, sales, stock and purchases by period. */
export const Component = StatisticheView;
