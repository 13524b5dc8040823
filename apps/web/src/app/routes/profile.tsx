import { PAGE_KEYS, PAGE_LABELS, type PermissionValue } from '@gestcava/contracts';
import { useSession } from '@/lib/session';
import { PageHeader } from '@/components/page-header';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { useUserCompany } from '@/features/companies/api/companies';
import { SectionCard } from '@/components/section-card';

function permissionText(value: PermissionValue | undefined): string | null {
  if (value === undefined || value === false) return null;
  if (value === true) return 'lettura e scrittura';
  if (!value.access) return null;
  return (value.write ?? value.access) ? 'lettura e scrittura' : 'sola lettura';
}

/** Profilo (docs/screens.md): the user's data and the change-password form. */
export function ProfilePage() {
  const { user, selectedCompanyId } = useSession();
  const company = useUserCompany(selectedCompanyId);
  if (!user) return null;
  const isAdmin = user.role === 'admin';
  const granted = PAGE_KEYS.map((key) => ({
    key,
    text: key === 'dashboard' ? 'lettura' : permissionText(user.permissions[key]),
  })).filter((p): p is { key: (typeof PAGE_KEYS)[number]; text: string } => p.text !== null);

  return (
    <>
      <PageHeader title="Profilo" icon="pi pi-user" />
      <div className="grid">
        <div className="col-12 lg:col-6">
          <SectionCard titleId="account-title" title="Account" icon="pi pi-user">
            <dl className="profile-data">
              <dt>Nome</dt>
              <dd data-testid="profile-name">{user.name}</dd>
              <dt>Email</dt>
              <dd>{user.email}</dd>
              <dt>Ruolo</dt>
              <dd>{isAdmin ? 'Amministratore' : 'Utente'}</dd>
              <dt>Ditta</dt>
              <dd>{company.data?.name ?? '—'}</dd>
              <dt>Permessi</dt>
              <dd>
                {isAdmin ? (
                  'Accesso completo a tutte le sezioni'
                ) : (
                  <ul className="profile-permissions">
                    {granted.map((p) => (
                      <li key={p.key}>
                        {PAGE_LABELS[p.key]}{' '}
                        <span className="text-color-secondary">({p.text})</span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </dl>
          </SectionCard>
          <section className="card">
            <ProfileForm user={user} />
          </section>
        </div>
        <div className="col-12 lg:col-6">
          <section className="card">
            <ChangePasswordForm />
          </section>
        </div>
      </div>
    </>
  );
}

export const Component = ProfilePage;
