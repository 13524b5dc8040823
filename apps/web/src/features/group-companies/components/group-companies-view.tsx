import { useState } from 'react';
import { Button } from 'primereact/button';
import { Skeleton } from 'primereact/skeleton';
import { Tag } from 'primereact/tag';
import type { Company } from '@gestcava/contracts';
import { EmptyState, LoadFailedState } from '@/components/empty-state';
import { DetailItem, DetailList } from '@/components/detail-list';
import { useSession } from '@/lib/session';
import { notify } from '@/lib/toast';
import { useGroupCompanies } from '../api/group-companies';
import { CompanyFormDialog } from './company-form';
import { LogoUploadDialog } from './logo-upload-dialog';
import './group-companies.css';

function address(c: Company): string {
  const place = [c.cap, c.comune, c.provincia ? `(${c.provincia})` : null]
    .filter(Boolean)
    .join(' ');
  return [c.indirizzo, place, c.nazione !== 'IT' ? c.nazione : null].filter(Boolean).join(', ');
}

function CompanyCard({
  company,
  admin,
  current,
  onEdit,
  onLogo,
}: {
  company: Company;
  admin: boolean;
  current: boolean;
  onEdit: () => void;
  onLogo: () => void;
}) {
  const titleId = `company-${company._id}-title`;
  return (
    <article className="card company-card" aria-labelledby={titleId} data-testid="company-card">
      <div className="company-card-head">
        <div className="company-logo">
          {company.logoUrl ? (
            <img src={company.logoUrl} alt={`Logo di ${company.name}`} data-testid="company-logo" />
          ) : (
            <span className="company-logo-none" role="img" aria-label="Nessun logo">
              <i className="pi pi-building" aria-hidden="true" />
            </span>
          )}
        </div>
        <div className="company-card-title">
          <h2 id={titleId} className="card-title m-0">
            {company.name}
          </h2>
          <p className="m-0 text-color-secondary">
            {company.quarryName ? `Cava di ${company.quarryName}` : 'Senza cava'}
          </p>
          {current && <Tag value="La tua ditta" severity="info" className="mt-2" />}
        </div>
      </div>
      <DetailList>
        <DetailItem label="Partita IVA">{company.partitaIva}</DetailItem>
        <DetailItem label="Codice fiscale">{company.codiceFiscale}</DetailItem>
        <DetailItem label="Indirizzo" wide>
          {address(company)}
        </DetailItem>
        <DetailItem label="Telefono">{company.telefono}</DetailItem>
        <DetailItem label="Email">{company.email}</DetailItem>
        <DetailItem label="PEC">{company.pec}</DetailItem>
        <DetailItem label="Regime fiscale">{company.regimeFiscale}</DetailItem>
        <DetailItem label="REA">
          {company.reaUfficio && company.reaNumero
            ? `${company.reaUfficio} ${company.reaNumero}`
            : null}
        </DetailItem>
        <DetailItem label="IBAN">{company.iban}</DetailItem>
      </DetailList>
      {admin && (
        <div className="company-card-actions">
          <Button
            type="button"
            label="Modifica"
            icon="pi pi-pencil"
            outlined
            onClick={onEdit}
            aria-label={`Modifica ${company.name}`}
          />
          <Button
            type="button"
            label="Logo"
            icon="pi pi-image"
            outlined
            onClick={onLogo}
            aria-label={`Cambia il logo di ${company.name}`}
            data-testid="company-logo-button"
          />
        </div>
      )}
    </article>
  );
}

/**
 * Ditte del gruppo (docs/domain.md): each company's document data and logo; admins edit them and
 * upload the logo, others read.
 */
export function GroupCompaniesView() {
  const { user, selectedCompanyId } = useSession();
  const admin = user?.role === 'admin';
  const companies = useGroupCompanies();
  const [editing, setEditing] = useState<Company | 'new' | null>(null);
  const [logoFor, setLogoFor] = useState<Company | null>(null);
  const currentId = selectedCompanyId ?? user?.companyId;

  if (companies.isPending) {
    return (
      <div className="grid" aria-busy="true" aria-label="Caricamento delle ditte">
        {[0, 1].map((i) => (
          <div className="col-12 lg:col-6" key={i}>
            <div className="card">
              <Skeleton height="10rem" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (companies.isError) {
    return (
      <LoadFailedState message={companies.error.message} onRetry={() => void companies.refetch()} />
    );
  }

  return (
    <>
      {admin && (
        <div className="flex justify-content-end mb-3">
          <Button
            type="button"
            label="Nuova ditta"
            icon="pi pi-plus"
            onClick={() => setEditing('new')}
            data-testid="company-new"
          />
        </div>
      )}
      {companies.data.length === 0 ? (
        <EmptyState icon="pi pi-building" title="Nessuna ditta del gruppo">
          <p>
            Le ditte del gruppo (cave, segherie, laboratori) compariranno qui con i loro dati e il
            logo.
          </p>
        </EmptyState>
      ) : (
        <div className="grid">
          {companies.data.map((c) => (
            <div className="col-12 lg:col-6" key={c._id}>
              <CompanyCard
                company={c}
                admin={admin}
                current={c._id === currentId}
                onEdit={() => setEditing(c)}
                onLogo={() => setLogoFor(c)}
              />
            </div>
          ))}
        </div>
      )}
      {!admin && (
        <p className="text-color-secondary text-sm">
          <i className="pi pi-lock mr-2" aria-hidden="true" />
          Solo un amministratore può modificare i dati delle ditte e il logo.
        </p>
      )}
      {editing && (
        <CompanyFormDialog
          company={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({
              severity: 'success',
              summary: editing === 'new' ? 'Ditta creata' : 'Dati della ditta salvati',
              detail: saved.name,
            });
          }}
        />
      )}
      {logoFor && (
        <LogoUploadDialog
          company={logoFor}
          onClose={() => setLogoFor(null)}
          onUploaded={(saved) => {
            setLogoFor(null);
            notify({ severity: 'success', summary: 'Logo aggiornato', detail: saved.name });
          }}
        />
      )}
    </>
  );
}
