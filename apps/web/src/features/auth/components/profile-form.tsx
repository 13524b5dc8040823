import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { InputText } from 'primereact/inputtext';
import { Button } from 'primereact/button';
import { emailSchema, nameSchema, type User } from '@gestcava/contracts';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useUpdateCurrentUser } from '../api/auth';

const profileSchema = z.object({ name: nameSchema, email: emailSchema });
type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;

/** Own name and email (PUT /user/update/:id); the answer is merged into the stored user. */
export function ProfileForm({ user }: { user: User }) {
  const mutation = useUpdateCurrentUser(user._id);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.name, email: user.email },
  });

  const onSubmit = (values: ProfileOutput) => {
    mutation.mutate(values, {
      onSuccess: (saved) => {
        reset({ name: saved.name, email: saved.email });
        notify({ severity: 'success', summary: 'Profilo aggiornato' });
      },
      onError: (error) => {
        const message = isApiError(error) ? error.message : 'Salvataggio non riuscito';
        const details = isApiError(error) ? error.details : [];
        let placed = false;
        for (const d of details) {
          const field = d.path.split('.').pop();
          if (field === 'name' || field === 'email') {
            setError(field, { message: d.message });
            placed = true;
          }
        }
        if (!placed) notify({ severity: 'error', summary: 'Profilo non salvato', detail: message });
      },
    });
  };

  return (
    <form
      onSubmit={(e) => void handleSubmit(onSubmit)(e)}
      noValidate
      aria-labelledby="profile-form-title"
    >
      <h2 id="profile-form-title" className="card-title">
        <i className="pi pi-id-card mr-2" aria-hidden="true" />I tuoi dati
      </h2>
      <div className="field">
        <label htmlFor="profile-name">Nome</label>
        <InputText
          id="profile-name"
          autoComplete="name"
          className={`w-full${errors.name ? ' p-invalid' : ''}`}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'profile-name-error' : undefined}
          {...register('name')}
        />
        {errors.name && (
          <small id="profile-name-error" className="p-error">
            {errors.name.message}
          </small>
        )}
      </div>
      <div className="field">
        <label htmlFor="profile-email">Email</label>
        <InputText
          id="profile-email"
          type="email"
          autoComplete="email"
          className={`w-full${errors.email ? ' p-invalid' : ''}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'profile-email-error' : undefined}
          {...register('email')}
        />
        {errors.email && (
          <small id="profile-email-error" className="p-error">
            {errors.email.message}
          </small>
        )}
      </div>
      <Button
        type="submit"
        label="Salva"
        icon="pi pi-save"
        loading={mutation.isPending}
        disabled={!isDirty}
      />
    </form>
  );
}
