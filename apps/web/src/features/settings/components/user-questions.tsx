import type { User } from '@gestcava/contracts';
import {
  ConfirmDialog,
  DeleteConfirmDialog,
  DeleteConflictDialog,
} from '@/components/confirm-dialog';
import { isApiError } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useDeleteUser, useResetPassword, useUpdateUser } from '../api/settings';

export type UserQuestion = 'delete' | 'deactivate' | 'reactivate' | 'reset';

/** The question on screen: one of a row's actions, or the 409 of a delete (the user has data: deactivate instead). */
export type UserAsk =
  { kind: UserQuestion; user: User } | { kind: 'conflict'; user: User; message: string } | null;

/**
 * The questions before a user's delete, (de)activation and password reset, each running its call
 * once confirmed; a refused delete turns into the offer to deactivate, a reset shows the temporary
 * password (`onTemporary`).
 */
export function UserQuestions({
  ask,
  setAsk,
  onTemporary,
}: {
  ask: UserAsk;
  setAsk: (ask: UserAsk) => void;
  onTemporary: (shown: { name: string; password: string }) => void;
}) {
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const closeAsk = () => setAsk(null);

  const setActive = (u: User, active: boolean) =>
    update.mutate(
      { id: u._id, body: { active } },
      {
        onSuccess: () => {
          closeAsk();
          notify({
            severity: 'success',
            summary: active ? 'Utente riattivato' : 'Utente disattivato',
            detail: active
              ? u.name
              : `${u.name} non può più accedere; le sue sessioni sono state chiuse.`,
          });
        },
        onError: (error) => {
          closeAsk();
          notify({ severity: 'error', summary: 'Operazione non riuscita', detail: error.message });
        },
      },
    );

  const doDelete = (u: User) =>
    remove.mutate(u._id, {
      onSuccess: () => {
        closeAsk();
        notify({ severity: 'success', summary: 'Utente eliminato', detail: u.name });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 409)
          setAsk({ kind: 'conflict', user: u, message: error.message });
        else {
          closeAsk();
          notify({
            severity: 'error',
            summary: 'Eliminazione non riuscita',
            detail: error.message,
          });
        }
      },
    });

  const doReset = (u: User) =>
    reset.mutate(u._id, {
      onSuccess: (password) => {
        closeAsk();
        onTemporary({ name: u.name, password });
      },
      onError: (error) => {
        closeAsk();
        notify({
          severity: 'error',
          summary: 'Reimpostazione non riuscita',
          detail: error.message,
        });
      },
    });

  /** What each question's dialog shares: shown while it is the one asked, closed by Annulla, confirmed on its user. */
  const question = (
    kinds: readonly NonNullable<UserAsk>['kind'][],
    confirm: (u: User) => void,
  ) => ({
    visible: ask !== null && kinds.includes(ask.kind),
    onConfirm: () => ask && confirm(ask.user),
    onCancel: closeAsk,
  });

  return (
    <>
      <DeleteConfirmDialog
        title="Eliminare l'utente?"
        loading={remove.isPending}
        {...question(['delete'], doDelete)}
        testId="confirm-user-delete"
      >
        <p className="m-0">
          <strong>{ask?.user.name}</strong> ({ask?.user.email}) sarà eliminato definitivamente. Se
          ha registrato dati, o è l&apos;ultimo amministratore, non si può eliminare: potrai
          disattivarlo.
        </p>
      </DeleteConfirmDialog>

      <DeleteConflictDialog
        visible={ask?.kind === 'conflict'}
        message={ask?.kind === 'conflict' ? ask.message : ''}
        consequence="Un utente disattivato non può accedere, ma il suo nome resta nello storico dei dati che ha registrato."
        loading={update.isPending}
        onDeactivate={() => ask && setActive(ask.user, false)}
        onCancel={closeAsk}
        testId="confirm-user-conflict"
      />

      <ConfirmDialog
        title={ask?.kind === 'deactivate' ? "Disattivare l'utente?" : "Riattivare l'utente?"}
        confirmLabel={ask?.kind === 'deactivate' ? 'Disattiva' : 'Riattiva'}
        confirmIcon={ask?.kind === 'deactivate' ? 'pi pi-ban' : 'pi pi-replay'}
        loading={update.isPending}
        {...question(['deactivate', 'reactivate'], (u) => setActive(u, ask?.kind === 'reactivate'))}
        testId="confirm-user-active"
      >
        <p className="m-0">
          {ask?.kind === 'deactivate'
            ? `${ask.user.name} non potrà più accedere e le sue sessioni aperte verranno chiuse.`
            : `${ask?.user.name ?? ''} potrà di nuovo accedere con la sua password.`}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        title="Reimpostare la password?"
        confirmLabel="Reimposta"
        confirmIcon="pi pi-key"
        loading={reset.isPending}
        {...question(['reset'], doReset)}
        testId="confirm-user-reset"
      >
        <p className="m-0">
          Verrà creata una password temporanea per <strong>{ask?.user.name}</strong>, da
          comunicargli. Le sue sessioni aperte verranno chiuse e al prossimo accesso dovrà
          sceglierne una nuova.
        </p>
      </ConfirmDialog>
    </>
  );
}
