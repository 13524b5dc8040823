import type { ReactNode } from 'react';
import { DataTable } from 'primereact/datatable';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import type { User } from '@gestcava/contracts';
import { StatusTag } from '@/components/status-tag';
import { formatDateTime } from '@/lib/format';
import { matchingPreset } from './permissions-model';
import '@/components/list/list-cards.css';

function roleLabel(u: User): string {
  return u.role === 'admin' ? 'Amministratore' : 'Utente';
}

function profileLabel(u: User): string {
  if (u.role === 'admin') return 'Tutti i permessi';
  const preset = matchingPreset(u.permissions);
  if (preset) return preset;
  const n = Object.values(u.permissions).filter(
    (v) => v === true || (typeof v === 'object' && v.access),
  ).length;
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

interface UsersViewProps {
  rows: User[];
  loading: boolean;
  /** the user's company, as the list shows it */
  companyOf: (u: User) => string;
  actions: (u: User) => ReactNode;
}

/** The users as cards on a phone: name, tags, email, role, company, profile and last login. */
export function UsersCards({ rows, loading, companyOf, actions }: UsersViewProps) {
  return (
    <ul className="list-cards-items" aria-label="Utenti" aria-busy={loading}>
      {rows.map((u) => (
        <li key={u._id} className="list-card" data-testid="user-card">
          <span className="list-card-head">
            <span className="list-card-title">{u.name}</span>
            <UserTags user={u} />
          </span>
          <span className="list-card-line">{u.email}</span>
          <span className="list-card-line">
            {roleLabel(u)} · {companyOf(u)} · {profileLabel(u)}
          </span>
          <span className="list-card-line">
            Ultimo accesso: {u.lastLoginAt ? formatDateTime(u.lastLoginAt) : 'mai'}
          </span>
          <span className="user-card-actions">{actions(u)}</span>
        </li>
      ))}
    </ul>
  );
}

/** The users as a table, 20 a page. */
export function UsersTable({
  rows,
  loading,
  companyOf,
  actions,
  emptyMessage,
}: UsersViewProps & { emptyMessage: string }) {
  return (
    <DataTable
      value={rows}
      dataKey="_id"
      loading={loading}
      size="small"
      stripedRows
      paginator={rows.length > 20}
      rows={20}
      emptyMessage={emptyMessage}
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
      <Column header="Ditta" body={companyOf} />
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
        body={(u: User) =>
          u.lastLoginAt ? (
            formatDateTime(u.lastLoginAt)
          ) : (
            <span className="text-color-secondary">mai</span>
          )
        }
      />
      <Column
        header={<span className="p-hidden-accessible">Azioni</span>}
        body={actions}
        className="col-nowrap"
      />
    </DataTable>
  );
}
