import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { subscribeToasts } from '@/lib/toast';

export default function ToastView() {
  const ref = useRef<Toast>(null);
  useEffect(
    () =>
      subscribeToasts((m) => {
        ref.current?.show({ severity: m.severity, summary: m.summary, detail: m.detail, life: m.life ?? 5000 });
      }),
    [],
  );
  // Below the top bar (4.5rem), so a toast never covers its buttons.
  return <Toast ref={ref} position="top-right" pt={{ root: { style: { top: '5.25rem' } } }} />;
}
