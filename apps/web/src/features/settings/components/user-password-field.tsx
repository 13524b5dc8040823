import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { generatePassword } from './generate-password';
import { fid, type UserForm } from './user-form-model';

/** A new user's first password: typed or generated, shown on request to be passed on. */
export function UserPasswordField({ form }: { form: UserForm }) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const [showPassword, setShowPassword] = useState(false);
  const error = errors.password?.message;
  return (
    <FormField
      id={fid('password')}
      label="Password iniziale"
      required
      error={error}
      hint="Almeno 10 caratteri. Comunicala all'utente: potrà cambiarla dal suo profilo."
      className="col-12"
    >
      <div className="p-inputgroup">
        <InputText
          id={fid('password')}
          type={showPassword ? 'text' : 'password'}
          autoComplete="new-password"
          className={error ? 'p-invalid' : undefined}
          {...invalidProps(fid('password'), error)}
          {...register('password')}
        />
        <Button
          type="button"
          icon={showPassword ? 'pi pi-eye-slash' : 'pi pi-eye'}
          outlined
          onClick={() => setShowPassword((s) => !s)}
          aria-label={showPassword ? 'Nascondi la password' : 'Mostra la password'}
        />
        <Button
          type="button"
          label="Genera"
          icon="pi pi-refresh"
          outlined
          onClick={() => {
            setValue('password', generatePassword(), {
              shouldDirty: true,
              shouldValidate: true,
            });
            setShowPassword(true);
          }}
        />
      </div>
    </FormField>
  );
}
