import { useMemo, useState } from 'react';
import { useUsers } from '../api/settings';
import { Button } from 'primereact/button';
import { searchKey, type User } from '@gestcava/contracts';
import { LoadFailedState } from '@/components/empty-state';
import { ListSearch } from '@/components/list/list-search';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { UserFormDialog, type CompanyChoice } from './user-form';
import { TemporaryPasswordDialog } from './temporary-password-dialog';
import { UserQuestions, type UserAsk } from './user-questions';
import { UserRowActions } from './user-row-actions';
import { UsersCards, UsersTable } from './users-table';
import './settings.css';

/**
 * Impostazioni → Utenti (admin): list, create, edit with the permission editor, deactivate,
 * delete (409 → deactivate), reset the password (temporary one shown once), change company.
 */
export function UsersPanel({
  companies,
  defaultCompanyId,
}: {
  companies: readonly CompanyChoice[];
  defaultCompanyId: string;
}) {
  const { user: me } = useSession();
  const users = useUsers();
  const cards = useMediaQuery(CARDS_QUERY);
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<User | 'new' | null>(null);
  const [ask, setAsk] = useState<UserAsk>(null);
  const [temporary, setTemporary] = useState<{ name: string; password: string } | null>(null);

  const companyName = useMemo(() => new Map(companies.map((c) => [c._id, c.name])), [companies]);
  const rows = useMemo(() => {
    const all = users.data ?? [];
    const needle = searchKey(q.trim());
    const filtered = needle
      ? all.filter((u) =>
          searchKey(`${u.name} ${u.email} ${companyName.get(u.companyId) ?? ''}`).includes(needle),
        )
      : all;
    return [...filtered].sort((a, b) => a.name.localeCompare(b.name, 'it'));
  }, [users.data, q, companyName]);

  if (users.isError) {
    return <LoadFailedState message={users.error.message} onRetry={() => void users.refetch()} />;
  }

  const view = {
    rows,
    loading: users.isPending,
    companyOf: (u: User) => companyName.get(u.companyId) ?? (companies.length === 0 ? '…' : '—'),
    actions: (u: User) => (
      <UserRowActions
        user={u}
        self={u._id === me?._id}
        onEdit={() => setEditing(u)}
        onAsk={(kind) => setAsk({ kind, user: u })}
      />
    ),
  };
  return (
    <>
      <div className="users-toolbar">
        <ListSearch
          value={q}
          onSearch={setQ}
          label="Cerca utente"
          placeholder="Nome, email o ditta"
        />
        <Button
          type="button"
          label="Nuovo utente"
          icon="pi pi-user-plus"
          onClick={() => setEditing('new')}
          data-testid="user-new"
        />
      </div>

      {cards ? (
        <UsersCards {...view} />
      ) : (
        <UsersTable
          {...view}
          emptyMessage={q ? 'Nessun utente corrisponde alla ricerca.' : 'Nessun utente.'}
        />
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

      <UserQuestions ask={ask} setAsk={setAsk} onTemporary={setTemporary} />

      {temporary && (
        <TemporaryPasswordDialog
          name={temporary.name}
          password={temporary.password}
          onClose={() => setTemporary(null)}
        />
      )}
    </>
  );
}
