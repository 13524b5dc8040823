import { Button } from 'primereact/button';
import type { ReactNode } from 'react';

/** A dialog's footer: Annulla (disabled while the action runs), then the dialog's own confirm button. */
export function DialogFooter({
  onCancel,
  pending,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap justify-content-end gap-2">
      <Button type="button" label="Annulla" outlined onClick={onCancel} disabled={pending} />
      {children}
    </div>
  );
}
