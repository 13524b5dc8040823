import { lazy, Suspense, useEffect, useState } from 'react';
import { onToastRequested } from '@/lib/toast';

const ToastView = lazy(() => import('./toast-view'));

/** Mounts the PrimeReact Toast the first time something is notified. */
export function ToastHost() {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onToastRequested(() => setNeeded(true)), []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
