import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { detailPath, type Lotto, type LottoOperazione } from '@gestcava/contracts';
import { CreaDdtOffer } from '@/components/stock/crea-ddt';
import { StockItemEditDialog } from '@/components/stock/stock-item-edit-dialog';
import { SectionCard } from '@/components/section-card';
import { RettificaDialog } from '@/components/stock/rettifica-dialog';
import { RiservaDialog } from '@/components/stock/riserva-dialog';
import { SpostaDialog } from '@/components/stock/sposta-dialog';
import { VendiDialog } from '@/components/stock/vendi-dialog';
import { formatArea, formatDate, formatInteger } from '@/lib/format';
import { notify } from '@/lib/toast';
import {
  useLottoOperation,
  useLottoRiserve,
  useUpdateLotto,
  type LottoOp,
} from '../api/magazzino-pavimenti';

const pezziWord = (n: number) => (n === 1 ? '1 pezzo' : `${formatInteger(n)} pezzi`);

/**
 * A tile lot's operations (docs/domain.md "Magazzino pavimenti"): reserve and sell in pezzi, casse or m²
 * with the conversion shown, release, count, move (a part splits off), and its list price.
 */
export function LottoActions({ lotto: l }: { lotto: Lotto }) {
  const [open, setOpen] = useState<LottoOp | 'modifica' | null>(null);
  const [split, setSplit] = useState<LottoOperazione['nuovoLotto'] | null>(null);
  // the sale just made, offered to a DDT (its line is the sale)
  const [sold, setSold] = useState<{ clienteId: string; venditaId: string; text: string } | null>(
    null,
  );
  const operation = useLottoOperation(l._id);
  const close = () => setOpen(null);
  const quantita = {
    lunghezzaMm: l.lunghezzaMm,
    larghezzaMm: l.larghezzaMm,
    pezziPerCassa: l.pezziPerCassa,
    vendutoACasse: l.vendutoACasse,
    disponibili: l.pezziDisponibili,
  };
  const run =
    (
      op: LottoOp,
      summary: (r: LottoOperazione) => string,
      then?: (r: LottoOperazione, body: object) => void,
    ) =>
    async (body: object) => {
      const result = await operation.mutateAsync({ op, body });
      close();
      setSplit(result.nuovoLotto ?? null);
      then?.(result, body);
      notify({ severity: 'success', summary: summary(result), detail: l.codice });
    };

  return (
    <>
      <div className="flex flex-wrap gap-2" data-testid="lotto-actions">
        {l.pezziDisponibili > 0 && (
          <Button
            type="button"
            label="Riserva"
            icon="pi pi-bookmark"
            onClick={() => setOpen('riserva')}
            data-testid="lotto-riserva"
          />
        )}
        {l.pezzi > 0 && (
          <Button
            type="button"
            label="Vendi"
            icon="pi pi-shopping-cart"
            onClick={() => setOpen('vendi')}
            data-testid="lotto-vendi"
          />
        )}
        {l.pezzi > 0 && (
          <Button
            type="button"
            label="Sposta"
            icon="pi pi-map-marker"
            outlined
            onClick={() => setOpen('sposta')}
            data-testid="lotto-sposta"
          />
        )}
        <Button
          type="button"
          label="Conta (rettifica)"
          icon="pi pi-calculator"
          outlined
          onClick={() => setOpen('rettifica')}
          data-testid="lotto-rettifica"
        />
        <Button
          type="button"
          label="Modifica"
          icon="pi pi-pencil"
          outlined
          onClick={() => setOpen('modifica')}
          data-testid="lotto-modifica"
        />
      </div>
      {split && (
        <p className="mb-0" data-testid="lotto-split">
          I pezzi spostati sono ora il lotto{' '}
          <Link to={detailPath('lotto', split._id)}>{split.codice}</Link> ({pezziWord(split.pezzi)},{' '}
          {split.ubicazione?.nome}).
        </p>
      )}
      {sold && (
        <CreaDdtOffer
          text={sold.text}
          party={{ clienteId: sold.clienteId }}
          items={{ lotti: [sold.venditaId] }}
          onClose={() => setSold(null)}
        />
      )}
      {open === 'riserva' && (
        <RiservaDialog
          title={`Riserva dal lotto ${l.codice}`}
          lotto={quantita}
          onSave={run('riserva', (r) => `Riservati ${pezziWord(r.pezzi)} (${formatArea(r.mq)})`)}
          onClose={close}
        />
      )}
      {open === 'vendi' && (
        <VendiDialog
          title={`Vendi dal lotto ${l.codice}`}
          lotto={quantita}
          note={
            l.pezziRiservati > 0
              ? `${pezziWord(l.pezziRiservati)} sono riservati: si vendono solo al cliente per cui lo sono.`
              : undefined
          }
          onSave={run(
            'vendi',
            (r) => `Venduti ${pezziWord(r.pezzi)} (${formatArea(r.mq)})`,
            (r, body) =>
              r.venditaId &&
              setSold({
                clienteId: (body as { clienteId: string }).clienteId,
                venditaId: r.venditaId,
                text: `Venduti ${pezziWord(r.pezzi)}`,
              }),
          )}
          onClose={close}
        />
      )}
      {open === 'sposta' && (
        <SpostaDialog
          title={`Sposta il lotto ${l.codice}`}
          current={l.ubicazione?.nome}
          lotto={{ pezzi: l.pezzi }}
          onSave={run('sposta', (r) =>
            r.nuovoLotto
              ? `${pezziWord(r.pezzi)} spostati come lotto ${r.nuovoLotto.codice}`
              : 'Lotto spostato',
          )}
          onClose={close}
        />
      )}
      {open === 'rettifica' && (
        <RettificaDialog
          title={`Conta del lotto ${l.codice}`}
          pezzi={l.pezzi}
          onSave={run('rettifica', (r) =>
            r.pezzi === 0
              ? 'Conta registrata: nessuna differenza'
              : `Rettifica di ${r.pezzi > 0 ? '+' : ''}${formatInteger(r.pezzi)} pezzi registrata`,
          )}
          onClose={close}
        />
      )}
      {open === 'modifica' && <LottoEditDialog lotto={l} onClose={close} />}
    </>
  );
}

/** The reservations running on a lot, each releasable. */
export function LottoRiserveSection({ lotto: l, writable }: { lotto: Lotto; writable: boolean }) {
  const riserve = useLottoRiserve(l._id);
  const operation = useLottoOperation(l._id);
  if (!riserve.data?.length) return null;
  return (
    <SectionCard
      titleId="lotto-riserve-title"
      title={`Riserve (${pezziWord(l.pezziRiservati)})`}
      icon="pi pi-bookmark"
    >
      <ul className="list-none p-0 m-0 flex flex-column gap-2" data-testid="lotto-riserve">
        {riserve.data.map((r) => (
          <li
            key={r._id}
            className="flex flex-wrap align-items-center justify-content-between gap-2"
          >
            <span>
              <strong>{r.cliente.ragioneSociale}</strong> · {pezziWord(r.pezzi)}, {formatArea(r.mq)}{' '}
              · fino al {formatDate(r.scadenza)}
              {r.utente && <span className="text-color-secondary"> · {r.utente.name}</span>}
            </span>
            {writable && (
              <Button
                type="button"
                label="Rilascia"
                size="small"
                outlined
                loading={
                  operation.isPending &&
                  (operation.variables?.body as { riservaId?: string } | undefined)?.riservaId ===
                    r._id
                }
                onClick={() =>
                  operation.mutate(
                    { op: 'rilascia', body: { riservaId: r._id } },
                    {
                      onSuccess: () =>
                        notify({
                          severity: 'success',
                          summary: `Rilasciati ${pezziWord(r.pezzi)}`,
                          detail: r.cliente.ragioneSociale,
                        }),
                      onError: (error) =>
                        notify({
                          severity: 'error',
                          summary: 'Rilascio non riuscito',
                          detail: error.message,
                        }),
                    },
                  )
                }
              />
            )}
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function LottoEditDialog({ lotto: l, onClose }: { lotto: Lotto; onClose: () => void }) {
  const update = useUpdateLotto(l._id);
  return (
    <StockItemEditDialog
      name="lotto"
      codice={l.codice}
      values={{
        prezzoListino: l.prezzoListino,
        scelta: l.scelta,
        note: l.note,
        vendutoACasse: l.vendutoACasse,
      }}
      onSave={async (body) => {
        await update.mutateAsync(body);
        onClose();
        notify({ severity: 'success', summary: 'Modifiche salvate', detail: l.codice });
      }}
      onClose={onClose}
    />
  );
}
