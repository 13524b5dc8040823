import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useFormState, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Dialog } from 'primereact/dialog';
import { Button } from 'primereact/button';
import { FormAlert } from './form-alert';
import { UnsavedChangesGuard } from './unsaved-changes';
import { applyServerErrors } from './form-errors';
import { escapeClosesOverlayFirst } from './dialog-escape';
import { useFormDraft } from './form-draft';
import { DraftBanner } from './draft-banner';

export interface FormDialogProps<T extends FieldValues, O> {
  /** names the form (`${name}-form`) and its test ids (`${name}-form-dialog`, `${name}-save`, `${name}-form-error`) */
  name: string;
  title: string;
  /** the form of the fields (react-hook-form's `useForm` result, with `shouldFocusError: false`: the dialog focuses the first field in error) */
  form: UseFormReturn<T, unknown, O>;
  /** the fields the server's `details[].path` may name, to place its messages beside them */
  fieldNames: readonly string[];
  /** saves the checked values; a throw (ApiError) puts the server's messages on the form */
  onSave: (values: O) => Promise<void>;
  /** "Salva e nuovo" beside Salva: saves the checked values the same way, then the caller readies the next record's form */
  onSaveAndNew?: (values: O) => Promise<void>;
  /**
   * the record the form edits (its id, or what a new one is made from, e.g. `nuovo`), naming its
   * draft: the unsaved values are kept when the session ends under the form, and offered back
   * next time. Without it, the page's path names the record (a record's page, or a list's).
   */
  draftOf?: string;
  /** closes the dialog: after "Annulla" on a clean form or "Esci senza salvare" */
  onClose: () => void;
  /** requests under way besides the submit (they disable Annulla and spin Salva too) */
  pending?: boolean;
  saveDisabled?: boolean;
  /** the save button's words when the form is an operation (Riserva, Vendi…), not a record */
  saveLabel?: string;
  saveIcon?: string;
  /** for a dialog kept mounted between uses; the others are shown while mounted */
  visible?: boolean;
  width: string;
  breakpoints?: Record<string, string>;
  maximizable?: boolean;
  contentClassName?: string;
  children: ReactNode;
}

/**
 * A record's form in a dialog (docs/screens.md "Forms"): Annulla/Salva footer, the discard question
 * when the form has unsaved changes (closing the dialog, leaving the page, closing the tab), the
 * server's field errors beside their fields and the rest above the form.
 */
export function FormDialog<T extends FieldValues, O>({
  name,
  title,
  form,
  fieldNames,
  onSave,
  onSaveAndNew,
  draftOf,
  onClose,
  pending: busy = false,
  saveDisabled,
  saveLabel = 'Salva',
  saveIcon = 'pi pi-check',
  visible = true,
  width,
  breakpoints = { '960px': '92vw', '640px': '100vw' },
  maximizable,
  contentClassName,
  children,
}: FormDialogProps<T, O>) {
  const { isDirty, isSubmitting } = useFormState({ control: form.control });
  const [formError, setFormError] = useState<string | null>(null);
  const [askDiscard, setAskDiscard] = useState(false);
  const pending = isSubmitting || busy;
  const formId = `${name}-form`;
  const { pathname } = useLocation();
  const drafts = useFormDraft(name, draftOf ?? pathname, () =>
    visible && isDirty ? form.getValues() : null,
  );

  const close = () => {
    setFormError(null);
    setAskDiscard(false);
    onClose();
  };
  const requestClose = () => {
    if (pending) return;
    if (isDirty) setAskDiscard(true);
    else close();
  };
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  // react-hook-form focuses only fields registered with a ref, in registration order (and again
  // in a timeout); the wrapped inputs (numbers, dropdowns, dates) are not all such. So the forms
  // say `shouldFocusError: false` and the first field marked invalid in the page's order gets
  // the focus here, once the messages are on screen.
  useEffect(() => {
    if (focusRequest === 0) return;
    // a task later: the messages of the fields whose error was not shown before may come in a later render
    const timer = setTimeout(() => focusFirstInvalid(formRef.current));
    return () => clearTimeout(timer);
  }, [focusRequest]);
  // the server's message was about the values sent: once the user changes one, it no longer holds
  // (a plate already used, then corrected, must not stay marked as used)
  useEffect(() => {
    if (formError === null) return;
    const watching = form.watch(() => setFormError(null));
    return () => watching.unsubscribe();
  }, [formError, form]);
  const submitWith = (save: (values: O) => Promise<void>) =>
    form.handleSubmit(
      async (values) => {
        setFormError(null);
        try {
          await save(values);
          drafts.drop();
        } catch (error) {
          setFormError(applyServerErrors(error, form.setError, fieldNames));
        }
      },
      () => setFocusRequest((n) => n + 1),
    );
  const submit = submitWith(onSave);

  return (
    <>
      <Dialog
        visible={visible}
        onHide={requestClose}
        {...escapeClosesOverlayFirst(requestClose)}
        header={title}
        modal
        maximizable={maximizable}
        style={{ width }}
        breakpoints={breakpoints}
        contentClassName={contentClassName}
        data-testid={`${name}-form-dialog`}
        footer={
          <div className="flex flex-wrap justify-content-end gap-2">
            <Button
              type="button"
              label="Annulla"
              outlined
              onClick={requestClose}
              disabled={pending}
            />
            {onSaveAndNew && (
              <Button
                type="button"
                label="Salva e nuovo"
                icon="pi pi-plus"
                outlined
                onClick={() => void submitWith(onSaveAndNew)()}
                disabled={pending || saveDisabled}
                data-testid={`${name}-save-new`}
              />
            )}
            <Button
              type="submit"
              form={formId}
              label={saveLabel}
              icon={saveIcon}
              loading={pending}
              disabled={saveDisabled}
              data-testid={`${name}-save`}
            />
          </div>
        }
      >
        <form
          id={formId}
          ref={formRef}
          noValidate
          onSubmit={(e) => void submit(e)}
          aria-label={title}
        >
          <FormAlert message={formError} testId={`${name}-form-error`} />
          {drafts.draft && (
            <DraftBanner
              savedAt={drafts.draft.savedAt}
              onRestore={() => {
                form.reset({ ...form.getValues(), ...drafts.draft?.values } as T, {
                  keepDefaultValues: true,
                });
                drafts.drop();
              }}
              onDiscard={drafts.drop}
              testId={`${name}-draft`}
            />
          )}
          {children}
        </form>
      </Dialog>
      <UnsavedChangesGuard
        when={visible && isDirty && !pending}
        closing={{ asked: askDiscard, onStay: () => setAskDiscard(false), onLeave: close }}
      />
    </>
  );
}

function focusFirstInvalid(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches('input, textarea, select, button')
    ? invalid
    : invalid.querySelector<HTMLElement>('input, textarea, [tabindex="0"]');
  (target ?? invalid).focus();
}
