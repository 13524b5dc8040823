import { useMemo, useState } from 'react';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Button } from 'primereact/button';
import { Tag } from 'primereact/tag';
import { searchKey, type User } from '@gestcava/contracts';
import { LoadFailedState } from '@/components/empty-state';
import { ConfirmDialog, DeleteConflictDialog } from '@/components/confirm-dialog';
import { StatusTag } from '@/components/status-tag';
import { ListSearch } from '@/components/list/list-search';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { isApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useUsers, useUpdateUser, useDeleteUser, useResetPassword } from '../api/settings';
import { UserFormDialog, type CompanyChoice } from './user-form';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { matchingPreset } from './permissions-model';
import '@/components/list/list-cards.css';
import './settings.css';

type Ask =
  | { kind: 'delete' | 'deactivate' | 'reactivate' | 'reset'; user: User }
  | { kind: 'conflict'; user: User; message: string }
  | null;

function roleLabel(u: User): string {
  return u.role === 'admin' ? 'Amministratore' : 'Utente';
}

function profileLabel(u: User): string {
  if (u.role === 'admin') return 'Tutti i permessi';
  const preset = matchingPreset(u.permissions);
  if (preset) return preset;
  const n = Object.values(u.permissions).filter((v) => v === true || (typeof v === 'object' && v.access)).length;
  return n === 0 ? 'Nessun permesso' : `Personalizzato (${n} pagine)`;
}

function UserTags({ user }: { user: User }) {
  return (
    <span className="user-tags">
      <StatusTag active={user.active} off="Disattivato" />
      {user.mustChangePassword && <Tag value="Password temporanea" severity="warning" />}
    </span>
  );
}

/**
 * Impostazioni → Utenti (admin): list, create, edit with the permission editor, deactivate,
 * delete (409 → deactivate), reset the password (temporary one shown once), change company.
 */
export function UsersPanel({ companies, defaultCompanyId }: { companies: readonly CompanyChoice[]; defaultCompanyId: string }) {
  const { user: me } = useSession();
  const users = useUsers();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const reset = useResetPassword();
  const cards = useMediaQuery(CARDS_QUERY);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const [temporary, setTemporary] = useState<{ name: string; password: string } | null>(null);

  const companyName = useMemo(() => new Map(companies.map((c) => [c._id, c.name])), [companies]);
  const rows = useMemo(() => {
    const all = users.data ?? [];
    const needle = searchKey(q.trim());
    const filtered = needle
      ? all.filter((u) => searchKey(`${u.name} ${u.email} ${companyName.get(u.companyId) ?? ''}`).includes(needle))
      : all;
    return [...filtered].sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }, [users.data, q, companyName]);

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
            detail: active ? u.name : `${u.name} non può più accedere; le sue sessioni sono state chiuse.`,
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
        if (isApiError(error) && error.status === 409) setAsk({ kind: 'conflict', user: u, message: error.message });
        else {
          closeAsk();
          notify({ severity: 'error', summary: 'Eliminazione non riuscita', detail: error.message });
        }
      },
    });

  const doReset = (u: User) =>
    reset.mutate(u._id, {
      onSuccess: (password) => {
        closeAsk();
        setTemporary({ name: u.name, password });
      },
      onError: (error) => {
        closeAsk();
        notify({ severity: 'error', summary: 'Reimpostazione non riuscita', detail: error.message });
      },
    });

  const actions = (u: User) => {
    const self = u._id === me?._id;
    return (
      <span className="user-actions" onClick={(e) => e.stopPropagation()}>
        <Button type="button" icon="pi pi-pencil" text rounded onClick={() => setEditing(u)} aria-label={`Modifica ${u.name}`} tooltip="Modifica" tooltipOptions={{ position: 'top' }} data-testid="user-edit" />
        {!self && (
          <Button type="button" icon="pi pi-key" text rounded onClick={() => setAsk({ kind: 'reset', user: u })} aria-label={`Reimposta la password di ${u.name}`} tooltip="Reimposta password" tooltipOptions={{ position: 'top' }} data-testid="user-reset" />
        )}
        {!self &&
          (u.active ? (
            <Button type="button" icon="pi pi-ban" text rounded severity="warning" onClick={() => setAsk({ kind: 'deactivate', user: u })} aria-label={`Disattiva ${u.name}`} tooltip="Disattiva" tooltipOptions={{ position: 'top' }} data-testid="user-deactivate" />
          ) : (
            <Button type="button" icon="pi pi-replay" text rounded severity="success" onClick={() => setAsk({ kind: 'reactivate', user: u })} aria-label={`Riattiva ${u.name}`} tooltip="Riattiva" tooltipOptions={{ position: 'top' }} data-testid="user-reactivate" />
          ))}
        {!self && (
          <Button type="button" icon="pi pi-trash" text rounded severity="danger" onClick={() => setAsk({ kind: 'delete', user: u })} aria-label={`Elimina ${u.name}`} tooltip="Elimina" tooltipOptions={{ position: 'top' }} data-testid="user-delete" />
        )}
      </span>
    );
  };

  if (users.isError) {
    return (
      <LoadFailedState message={users.error.message} onRetry={() => void users.refetch()} />
    );
  }

  return (
    <>
      <div className="users-toolbar">
        <ListSearch value={q} onSearch={setQ} label="Cerca utente" placeholder="Nome, email o ditta" />
        <Button type="button" label="Nuovo utente" icon="pi pi-user-plus" onClick={() => setEditing('new')} data-testid="user-new" />
      </div>

      {cards ? (
        <ul className="list-cards-items" aria-label="Utenti" aria-busy={users.isPending}>
          {rows.map((u) => (
            <li key={u._id} className="list-card" data-testid="user-card">
              <span className="list-card-head">
                <span className="list-card-title">{u.name}</span>
                <UserTags user={u} />
              </span>
              <span className="list-card-line">{u.email}</span>
              <span className="list-card-line">
                {roleLabel(u)} · {companyName.get(u.companyId) ?? (companies.length === 0 ? '…' : '—')} · {profileLabel(u)}
              </span>
              <span className="list-card-line">Ultimo accesso: {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'mai'}</span>
              <span className="user-card-actions">{actions(u)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <DataTable
          value={rows}
          dataKey="_id"
          loading={users.isPending}
          size="small"
          stripedRows
          paginator={rows.length > 20}
          rows={20}
          emptyMessage={q ? 'Nessun utente corrisponde alla ricerca.' : 'Nessun utente.'}
          pt={{ table: { 'aria-label': 'Utenti' } }}
          data-testid="users-table"
          rowClassName={() => 'users-row'}
        >
          <Column
            field="name"
            header="Utente"
            sortable
            body={(u: User) => (
              <span className="user-cell">
                <strong>{u.name}</strong>
                <span className="text-color-secondary">{u.email}</span>
              </span>
            )}
          />
          <Column header="Ditta" body={(u: User) => companyName.get(u.companyId) ?? (companies.length === 0 ? '…' : '—')} />
          <Column
            header="Ruolo e permessi"
            body={(u: User) => (
              <span className="user-cell">
                <span>{roleLabel(u)}</span>
                <span className="text-color-secondary">{profileLabel(u)}</span>
              </span>
            )}
          />
          <Column header="Stato" body={(u: User) => <UserTags user={u} />} />
          <Column
            field="lastLoginAt"
            header="Ultimo accesso"
            sortable
            className="col-nowrap"
            body={(u: User) => (u.lastLoginAt ? formatDateTime(u.lastLoginAt) : <span className="text-color-secondary">mai</span>)}
          />
          <Column header={<span className="p-hidden-accessible">Azioni</span>} body={actions} className="col-nowrap" />
        </DataTable>
      )}

      {editing && (
        <UserFormDialog
          user={editing === 'new' ? null : editing}
          self={editing !== 'new' && editing._id === me?._id}
          companies={companies}
          defaultCompanyId={defaultCompanyId}
          onClose={() => setEditing(null)}
          onSaved={(saved, info) => {
            setEditing(null);
            notify({
              severity: 'success',
              summary: info.created ? 'Utente creato' : 'Utente salvato',
              detail: info.sessionsEnded
                ? `${saved.name} dovrà accedere di nuovo: le sue sessioni aperte sono state chiuse.`
                : saved.name,
            });
          }}
        />
      )}

      <ConfirmDialog
        visible={ask?.kind === 'delete'}
        title="Eliminare l'utente?"
        confirmLabel="Elimina"
        confirmIcon="pi pi-trash"
        danger
        loading={remove.isPending}
        onConfirm={() => ask && doDelete(ask.user)}
        onCancel={closeAsk}
        testId="confirm-user-delete"
      >
        <p className="m-0">
          <strong>{ask?.user.name}</strong> ({ask?.user.email}) sarà eliminato definitivamente. Se ha registrato dati, o è
          l&apos;ultimo amministratore, non si può eliminare: potrai disattivarlo.
        </p>
      </ConfirmDialog>

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
        visible={ask?.kind === 'deactivate' || ask?.kind === 'reactivate'}
        title={ask?.kind === 'deactivate' ? "Disattivare l'utente?" : "Riattivare l'utente?"}
        confirmLabel={ask?.kind === 'deactivate' ? 'Disattiva' : 'Riattiva'}
        confirmIcon={ask?.kind === 'deactivate' ? 'pi pi-ban' : 'pi pi-replay'}
        loading={update.isPending}
        onConfirm={() => ask && setActive(ask.user, ask.kind === 'reactivate')}
        onCancel={closeAsk}
        testId="confirm-user-active"
      >
        <p className="m-0">
          {ask?.kind === 'deactivate'
            ? `${ask.user.name} non potrà più accedere e le sue sessioni aperte verranno chiuse.`
            : `${ask?.user.name ?? ''} potrà di nuovo accedere con la sua password.`}
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        visible={ask?.kind === 'reset'}
        title="Reimpostare la password?"
        confirmLabel="Reimposta"
        confirmIcon="pi pi-key"
        loading={reset.isPending}
        onConfirm={() => ask && doReset(ask.user)}
        onCancel={closeAsk}
        testId="confirm-user-reset"
      >
        <p className="m-0">
          Verrà creata una password temporanea per <strong>{ask?.user.name}</strong>, da comunicargli. Le sue sessioni
          aperte verranno chiuse e al prossimo accesso dovrà sceglierne una nuova.
        </p>
      </ConfirmDialog>

      {temporary && <TemporaryPasswordDialog name={temporary.name} password={temporary.password} onClose={() => setTemporary(null)} />}
    </>
  );
}
