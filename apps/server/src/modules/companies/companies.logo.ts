import type { Company } from '@gestcava/contracts';
import { notFound } from '../../lib/app-error.js';
import { processLogo } from '../../lib/images.js';
import type { Placement } from '../../lib/storage.js';
import type { ReceivedFile } from '../../lib/uploads.js';
import { LOGO_TTL_SECONDS, type CompaniesDeps, type CompanyRows } from './companies.common.js';
import type { CompanyRow } from './companies.mapper.js';
import * as repo from './companies.repository.js';

/** The largest logo an admin may upload. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The new logo's key on the company, in one transaction with its placement settled and the old
 * logo released.
 */
function replaceLogo(
  { db, storage }: Pick<CompaniesDeps, 'db' | 'storage'>,
  companyId: string,
  key: string,
  placement: Placement,
): Promise<{ row: CompanyRow; previous: string | null }> {
  return db.transaction(async (tx) => {
    // Read under the row's lock: a concurrent upload's logo is the one replaced, never left unowned.
    const previous = await repo.lockLogoKey(tx, companyId);
    const row = await repo.updateCompany(tx, companyId, { logoKey: key });
    if (!row) throw notFound('Azienda non trovata');
    await placement.settle(tx);
    // The old logo becomes pending with the same commit: a crash before its removal leaves it to the sweep.
    if (previous) await storage.release(tx, [previous]);
    return { row, previous };
  });
}

/** A company's logo: its link, and an upload that replaces it. */
export function createCompanyLogo(deps: CompaniesDeps, { dto, getRow }: CompanyRows) {
  const { db, storage } = deps;
  return {
    /** The caller's company logo, or the group's first company's for the login page. */
    async logoUrlFor(companyId: string | null): Promise<string | null> {
      const row = companyId
        ? await repo.findCompany(db, companyId)
        : await repo.findPrimaryCompany(db);
      return row?.logoKey ? storage.signedUrl(row.logoKey, { ttlSeconds: LOGO_TTL_SECONDS }) : null;
    },

    /** A received logo, re-encoded by the image pipeline; the caller removes the temporary file. */
    async uploadLogo(companyId: string, file: ReceivedFile): Promise<Company> {
      await getRow(companyId);
      const logo = await processLogo(file.tempPath);
      const key = storage.newKey(companyId, 'png');
      const placement = storage.beginPlacement();
      let replaced: { row: CompanyRow; previous: string | null };
      try {
        await placement.add(key);
        await storage.putBuffer(key, logo, 'image/png');
        replaced = await replaceLogo(deps, companyId, key, placement);
      } catch (error) {
        await placement.abandon();
        throw error;
      }
      if (replaced.previous) await storage.removeReleased([replaced.previous]);
      return dto(replaced.row);
    },
  };
}
