import { TrasferimentiList } from '@/features/trasferimenti/components/trasferimenti-list';

/** /app/pages/trasferimenti: the transfers between the group's companies (linked from the block and stock pages). */
export const Component = TrasferimentiList;
