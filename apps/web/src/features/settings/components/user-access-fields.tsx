import { Controller } from 'react-hook-form';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { FormField } from '@/components/form/form-field';
import { invalidProps } from '@/components/form/form-errors';
import { fid, ROLE_OPTIONS, type CompanyChoice, type UserForm } from './user-form-model';

/** Role, company and active flag: locked on the admin's own account, so nobody shuts themselves out. */
export function UserAccessFields({
  form,
  companies,
  self,
}: {
  form: UserForm;
  companies: readonly CompanyChoice[];
  self: boolean;
}) {
  const {
    control,
    formState: { errors },
  } = form;
  const err = (name: 'role' | 'companyId') => errors[name]?.message;
  return (
    <>
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
    </>
  );
}
