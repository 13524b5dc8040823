import { __Plural__List } from '@/features/__plural__/components/__plural__-list';

/** /app/pages/__plural__ */
export function __Plural__Page() {
  return <__Plural__List />;
}

export const Component = __Plural__Page;
