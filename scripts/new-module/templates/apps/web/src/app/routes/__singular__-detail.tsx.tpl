import { useParams } from 'react-router';
import { __Singular__Detail } from '@/features/__plural__/components/__singular__-detail';

/** /app/pages/__plural__/:id */
export function __Singular__DetailPage() {
  const { id = '' } = useParams();
  return <__Singular__Detail key={id} id={id} />;
}

export const Component = __Singular__DetailPage;
