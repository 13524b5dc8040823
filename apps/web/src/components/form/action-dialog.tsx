import { useState, type ReactNode } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { DialogFooter } from '@/components/dialog-footer';
import { FormAlert } from './form-alert';
import { applyServerErrors } from './form-errors';
import { escapeClosesOverlayFirst } from './dialog-escape';

/**
 * An operation on a record asked in a dialog (opzionare, declassare a block): Annulla and the
 * operation's button, the server's field errors beside their fields and the rest above the form.
 * Unlike FormDialog it keeps no draft and asks nothing on closing: the operation is a few fields.
 * Test ids `${name}-dialog`, `${name}-save`, `${name}-form-error`; the form is `${name}-form`.
 */
export function ActionDialog<T extends FieldValues, O>({
  name,
  title,
  width,
  form,
  fieldNames,
  failure,
  onSave,
  onClose,
  pending: busy,
  submit,
  intro,
  children,
}: {
  name: string;
  title: string;
  width: string;
  form: UseFormReturn<T, unknown, O>;
  /** the fields the server's `details[].path` may name */
  fieldNames: readonly string[];
  /** the message when the server's answer names no field */
  failure: string;
  onSave: (values: O) => Promise<void>;
  onClose: () => void;
  /** the operation's request is under way */
  pending: boolean;
  submit: { label: string; icon: string; severity?: 'warning' };
  /** what the operation does, above the server's message */
  intro: ReactNode;
  children: ReactNode;
}) {
  const { isSubmitting } = useFormState({ control: form.control });
  const [formError, setFormError] = useState<string | null>(null);
  const pending = isSubmitting || busy;
  const close = () => !pending && onClose();
  const save = async (values: O) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (error) {
      setFormError(applyServerErrors(error, form.setError, fieldNames, failure));
    }
  };

  return (
    <Dialog
      visible
      onHide={close}
      {...escapeClosesOverlayFirst(close)}
      header={title}
      modal
      style={{ width }}
      breakpoints={{ '640px': '100vw' }}
      data-testid={`${name}-dialog`}
      footer={
        <DialogFooter onCancel={onClose} pending={pending}>
          <Button
            type="submit"
            form={`${name}-form`}
            label={submit.label}
            icon={submit.icon}
            severity={submit.severity}
            loading={pending}
            data-testid={`${name}-save`}
          />
        </DialogFooter>
      }
    >
      <form
        id={`${name}-form`}
        noValidate
        onSubmit={(e) => void form.handleSubmit(save)(e)}
        aria-label={title}
      >
        <p className="mt-0 text-color-secondary">{intro}</p>
        <FormAlert message={formError} testId={`${name}-form-error`} />
        {children}
      </form>
    </Dialog>
  );
}
