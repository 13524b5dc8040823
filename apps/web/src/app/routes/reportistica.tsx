import { ReportisticaPage } from '@/features/reportistica/components/reportistica-page';

/** /app/reportistica */
export const Component = ReportisticaPage;
