import { QueuedActionsPage } from '@/features/offline-queue/components/queued-actions-page';

export const Component = QueuedActionsPage;
