import { useParams } from 'react-router';
import { PubblicoPage } from '@/features/condivisioni/components/pubblico-page';

/** /v/:token: a buyer's link, outside the app shell and without login (docs/condivisioni.md). */
export function LinkPubblicoRoute() {
  const { token = '' } = useParams();
  return <PubblicoPage token={token} />;
}

export const Component = LinkPubblicoRoute;
