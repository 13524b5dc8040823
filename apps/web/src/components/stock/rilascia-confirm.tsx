import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/lib/toast';

/**
 * The question before releasing reserved slabs (one, a bundle's, or those ticked): `onRilascia`
 * runs the release and closes on success; a refusal closes it too and says why.
 */
export function RilasciaConfirm({
  visible,
  title,
  text,
  loading,
  onRilascia,
  onClose,
  testId,
}: {
  visible: boolean;
  title: string;
  /** what happens to them */
  text: string;
  loading: boolean;
  onRilascia: () => Promise<void>;
  onClose: () => void;
  testId: string;
}) {
  return (
    <ConfirmDialog
      visible={visible}
      title={title}
      confirmLabel="Rilascia"
      loading={loading}
      onConfirm={() =>
        void onRilascia().catch((error: unknown) => {
          onClose();
          notify({
            severity: 'error',
            summary: 'Rilascio non riuscito',
            detail: error instanceof Error ? error.message : undefined,
          });
        })
      }
      onCancel={onClose}
      testId={testId}
    >
      <p className="m-0">{text}</p>
    </ConfirmDialog>
  );
}
