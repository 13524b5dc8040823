import { useEffect, useRef } from 'react';
import { Toast } from 'primereact/toast';
import { subscribeToasts } from '@/lib/toast';
import { CARDS_QUERY, useMediaQuery } from './list/use-media-query';

export default function ToastView() {
  const ref = useRef<Toast>(null);
  useEffect(
    () =>
      subscribeToasts((m) => {
        ref.current?.show({
          severity: m.severity,
          summary: m.summary,
          detail: m.detail,
          life: m.life ?? 5000,
        });
      }),
    [],
  );
  const phone = useMediaQuery(CARDS_QUERY);
  // Never over the top bar and the page header's buttons: below the bar on a wide screen, at the
  // bottom on a phone (where the header fills the screen's width).
  if (phone)
    return (
      <Toast
        ref={ref}
        position="bottom-center"
        pt={{ root: { style: { left: '1rem', right: '1rem', transform: 'none', width: 'auto' } } }}
      />
    );
  return <Toast ref={ref} position="top-right" pt={{ root: { style: { top: '5.25rem' } } }} />;
}
