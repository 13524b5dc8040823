import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { z } from 'zod';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Dropdown } from 'primereact/dropdown';
import { Checkbox } from 'primereact/checkbox';
import {
  emailSchema,
  nameSchema,
  passwordSchema,
  permissionsSchema,
  roleSchema,
  type User,
} from '@gestcava/contracts';
import { FormField } from '@/components/form/form-field';
import { FormDialog } from '@/components/form/form-dialog';
import { invalidProps } from '@/components/form/form-errors';
import { useCreateUser, useUpdateUser, useAssociateUser } from '../api/settings';
import { PermissionEditor } from './permission-editor';
import { generatePassword } from './generate-password';
import { permissionsOf, gridOf } from './permissions-model';

export interface CompanyChoice {
  _id: string;
  name: string;
}

const baseSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: z.string(),
  role: roleSchema,
  companyId: z.string().min(1, { error: 'Scegli la ditta' }),
  permissions: permissionsSchema,
  active: z.boolean(),
});
const createSchema = baseSchema.extend({ password: passwordSchema });

type FormInput = z.input<typeof baseSchema>;
type FormOutput = z.output<typeof baseSchema>;
const FIELDS = ['name', 'email', 'password', 'role', 'companyId', 'permissions', 'active'];

const ROLE_OPTIONS = [
  { label: 'Utente', value: 'user' },
  { label: 'Amministratore', value: 'admin' },
];

const fid = (name: string) => `user-${name}`;

/** What an edit changed that ends the user's sessions (docs/api.md "Sessions and anti-forgery"). */
function revokes(before: User, after: FormOutput): boolean {
  return (
    before.role !== after.role ||
    before.active !== after.active ||
    before.companyId !== after.companyId ||
    JSON.stringify(permissionsOf(gridOf(before.permissions))) !==
      JSON.stringify(permissionsOf(gridOf(after.permissions)))
  );
}

/**
 * A user, new or edited (admin, Impostazioni → Utenti): data, role, company, active flag and the
 * permission editor. The company of an existing user changes through /companies/associate-user.
 */
export function UserFormDialog({
  user,
  self,
  companies,
  defaultCompanyId,
  onClose,
  onSaved,
}: {
  user?: User | null;
  /** the admin editing their own account: role, company, state and permissions stay as they are */
  self: boolean;
  companies: readonly CompanyChoice[];
  defaultCompanyId: string;
  onClose: () => void;
  onSaved: (user: User, info: { created: boolean; sessionsEnded: boolean }) => void;
}) {
  const editing = !!user;
  const create = useCreateUser();
  const update = useUpdateUser();
  const associate = useAssociateUser();
  const [showPassword, setShowPassword] = useState(false);
  const form = useDialogForm<FormInput, FormOutput>(
    zodResolver(editing ? baseSchema : createSchema),
    {
      name: user?.name ?? '',
      email: user?.email ?? '',
      password: '',
      role: user?.role ?? 'user',
      companyId: user?.companyId ?? defaultCompanyId,
      permissions: permissionsOf(gridOf(user?.permissions)),
      active: user?.active ?? true,
    },
  );
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const role = useWatch({ control, name: 'role' });

  const save = async (v: FormOutput) => {
    const permissions = v.role === 'admin' ? {} : v.permissions;
    if (!user) {
      const created = await create.mutateAsync({
        name: v.name,
        email: v.email,
        password: v.password,
        role: v.role,
        companyId: v.companyId,
        permissions,
        active: v.active,
      });
      onSaved(created, { created: true, sessionsEnded: false });
      return;
    }
    const body = self
      ? { name: v.name, email: v.email }
      : { name: v.name, email: v.email, role: v.role, permissions, active: v.active };
    let saved = await update.mutateAsync({ id: user._id, body });
    if (!self && v.companyId !== user.companyId) {
      saved = await associate.mutateAsync({ userId: user._id, companyId: v.companyId });
    }
    onSaved(saved, {
      created: false,
      sessionsEnded: !self && revokes(user, { ...v, permissions }),
    });
  };

  const err = (name: keyof FormInput) => errors[name]?.message;
  const title = editing ? `Modifica ${user.name}` : 'Nuovo utente';

  return (
    <FormDialog
      name="user"
      title={title}
      form={form}
      fieldNames={FIELDS}
      onSave={save}
      onClose={onClose}
      pending={create.isPending || update.isPending || associate.isPending}
      width="52rem"
    >
      {self && (
        <p className="mt-0 text-color-secondary">
          <i className="pi pi-info-circle mr-2" aria-hidden="true" />
          Questo è il tuo account: ruolo, ditta, stato e permessi non si cambiano da qui, per non
          chiuderti fuori.
        </p>
      )}
      <div className="formgrid grid">
        <FormField id={fid('name')} label="Nome e cognome" required error={err('name')}>
          <InputText
            id={fid('name')}
            autoComplete="off"
            className={`w-full${err('name') ? ' p-invalid' : ''}`}
            {...invalidProps(fid('name'), err('name'))}
            {...register('name')}
          />
        </FormField>
        <FormField id={fid('email')} label="Email" required error={err('email')}>
          <InputText
            id={fid('email')}
            type="email"
            autoComplete="off"
            className={`w-full${err('email') ? ' p-invalid' : ''}`}
            {...invalidProps(fid('email'), err('email'))}
            {...register('email')}
          />
        </FormField>
        {!editing && (
          <FormField
            id={fid('password')}
            label="Password iniziale"
            required
            error={err('password')}
            hint="Almeno 10 caratteri. Comunicala all'utente: potrà cambiarla dal suo profilo."
            className="col-12"
          >
            <div className="p-inputgroup">
              <InputText
                id={fid('password')}
                type={showPassword ? 'text' : 'password'}
                autoComplete="new-password"
                className={err('password') ? 'p-invalid' : undefined}
                {...invalidProps(fid('password'), err('password'))}
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
        )}
        <FormField
          id={fid('role')}
          label="Ruolo"
          required
          error={err('role')}
          className="col-12 md:col-4"
        >
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Dropdown
                inputId={fid('role')}
                pt={{
                  select: { 'aria-label': 'Ruolo' },
                  trigger: { 'aria-label': 'Scegli il ruolo' },
                }}
                value={field.value}
                options={ROLE_OPTIONS}
                onChange={(e) => field.onChange(e.value)}
                onBlur={field.onBlur}
                disabled={self}
                className="w-full"
              />
            )}
          />
        </FormField>
        <FormField
          id={fid('companyId')}
          label="Ditta"
          required
          error={err('companyId')}
          className="col-12 md:col-5"
        >
          <Controller
            control={control}
            name="companyId"
            render={({ field }) => (
              <Dropdown
                inputId={fid('companyId')}
                pt={{
                  select: { 'aria-label': 'Ditta' },
                  trigger: { 'aria-label': 'Scegli la ditta' },
                }}
                value={field.value}
                options={companies as CompanyChoice[]}
                optionLabel="name"
                optionValue="_id"
                onChange={(e) => field.onChange(e.value)}
                onBlur={field.onBlur}
                disabled={self}
                placeholder="Scegli la ditta"
                className={`w-full${err('companyId') ? ' p-invalid' : ''}`}
                {...invalidProps(fid('companyId'), err('companyId'))}
              />
            )}
          />
        </FormField>
        <div className="field col-12 md:col-3 flex align-items-end">
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <div className="checkbox-field mb-2">
                <Checkbox
                  inputId={fid('active')}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.checked === true)}
                  disabled={self}
                />
                <label htmlFor={fid('active')}>Attivo</label>
              </div>
            )}
          />
        </div>
        <div className="col-12">
          {role === 'admin' ? (
            <p className="text-color-secondary" data-testid="admin-permissions-note">
              <i className="pi pi-shield mr-2" aria-hidden="true" />
              Un amministratore vede e modifica tutte le pagine, le Impostazioni e la chat.
            </p>
          ) : (
            <Controller
              control={control}
              name="permissions"
              render={({ field }) => (
                <PermissionEditor
                  value={field.value ?? {}}
                  onChange={field.onChange}
                  disabled={self}
                />
              )}
            />
          )}
          {errors.permissions?.message && (
            <small className="p-error">{errors.permissions.message}</small>
          )}
        </div>
      </div>
      {editing && !self && (
        <p className="text-color-secondary text-sm mb-0">
          Se cambi ruolo, ditta, stato o permessi, le sessioni aperte dell&apos;utente vengono
          chiuse: al prossimo clic dovrà accedere di nuovo e vedrà i nuovi permessi.
        </p>
      )}
    </FormDialog>
  );
}
