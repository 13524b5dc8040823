import { Controller, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { InputText } from 'primereact/inputtext';
import type { User } from '@gestcava/contracts';
import { useDialogForm } from '@/components/form/use-dialog-form';
import { FormField } from '@/components/form/form-field';
import { FormDialog } from '@/components/form/form-dialog';
import { invalidProps } from '@/components/form/form-errors';
import { useCreateUser, useUpdateUser, useAssociateUser } from '../api/settings';
import { PermissionEditor } from './permission-editor';
import { permissionsOf, gridOf } from './permissions-model';
import { UserAccessFields } from './user-access-fields';
import {
  baseSchema,
  createSchema,
  fid,
  FIELDS,
  revokes,
  type CompanyChoice,
  type FormInput,
  type FormOutput,
} from './user-form-model';
import { UserPasswordField } from './user-password-field';

export type { CompanyChoice } from './user-form-model';

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
        {!editing && <UserPasswordField form={form} />}
        <UserAccessFields form={form} companies={companies} self={self} />
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
