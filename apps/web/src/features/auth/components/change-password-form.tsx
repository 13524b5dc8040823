import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useChangePassword } from '../api/auth';
import {
  changePasswordFormSchema,
  PASSWORD_RULES,
  type ChangePasswordField as FieldName,
  type ChangePasswordFormValues as FormValues,
} from './change-password-schema';

const FIELDS: { name: FieldName; label: string; autoComplete: string }[] = [
  { name: 'currentPassword', label: 'Password attuale', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'Nuova password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Conferma nuova password', autoComplete: 'new-password' },
];

/** `onChanged`: called after a successful change (the forced change of a temporary password). */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void } = {}) {
  const mutation = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = (values: FormValues) => {
    setFormError(null);
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          reset();
          notify({
            severity: 'success',
            summary: 'Password modificata',
            detail: 'Le altre sessioni aperte con il tuo account sono state chiuse.',
          });
          onChanged?.();
        },
        onError: (error) => {
          if (!isApiError(error)) {
            setFormError('Modifica non riuscita: riprova.');
            return;
          }
          let placed = false;
          for (const d of error.details) {
            const field = d.path.split('.').pop() as FieldName | undefined;
            if (field && FIELDS.some((f) => f.name === field)) {
              setError(field, { message: d.message });
              placed = true;
            }
          }
          if (!placed) setFormError(error.message);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      noValidate
      aria-labelledby="change-password-title"
    >
      <h2 id="change-password-title" className="card-title">
        <i className="pi pi-lock mr-2" aria-hidden="true" />
        Cambia password
      </h2>
      <ul className="password-rules" aria-label="Regole per la password">
        {PASSWORD_RULES.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      {formError && (
        <div
          className="p-message p-component p-message-error mb-3"
          role="alert"
          data-testid="change-password-error"
        >
          <div className="p-message-wrapper">
            <i className="pi pi-times-circle p-message-icon" aria-hidden="true" />
            <span className="p-message-detail">{formError}</span>
          </div>
        </div>
      )}
      {FIELDS.map((f) => {
        const error = errors[f.name];
        const id = `cp-${f.name}`;
        return (
          <div className="field" key={f.name}>
            <label htmlFor={id}>{f.label}</label>
            <InputText
              id={id}
              type="password"
              autoComplete={f.autoComplete}
              className={`w-full${error ? ' p-invalid' : ''}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...register(f.name)}
            />
            {error && (
              <small id={`${id}-error`} className="p-error" role="alert">
                {error.message}
              </small>
            )}
          </div>
        );
      })}
      <Button
        type="submit"
        label="Cambia password"
        icon="pi pi-check"
        loading={mutation.isPending}
      />
    </form>
  );
}
