import { GiacenzeView } from '@/features/giacenze/components/giacenze-view';

/** /app/pages/magazzino/giacenze: the stock on hand, linked from both Magazzino pages (not a menu entry). */
export const Component = GiacenzeView;
