import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { RISPOSTE, type PubblicoBlocco, type Risposta } from '@gestcava/contracts';
import { SegniImage } from '@/components/segni/segni-image';
import { fotoUrl, useRisposta } from '../api/pubblico';
import type { Strings } from './pubblico-strings';

/** One offered block: photos, measures, weight, price when shown, declared defects, the answer. */
export function PubblicoBloccoCard({
  token,
  blocco,
  s,
  ultima,
}: {
  token: string;
  blocco: PubblicoBlocco;
  s: Strings;
  ultima?: Risposta;
}) {
  const n = (v: number, digits = 0) =>
    new Intl.NumberFormat(s.locale, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(v);
  const misure = (m: PubblicoBlocco['misureLorde']) =>
    `${n(m.lunghezza)} × ${n(m.altezza)} × ${n(m.profondita)} cm`;
  const [risposta, setRisposta] = useState<Risposta | null>(null);
  const [nota, setNota] = useState('');
  const send = useRisposta(token);
  const id = `b-${blocco._id}`;

  return (
    <article
      className="pubblico-card"
      aria-labelledby={`${id}-title`}
      data-testid="pubblico-blocco"
    >
      <h2 id={`${id}-title`}>
        {blocco.codice} · {blocco.materiale}
      </h2>
      {!blocco.disponibile && <p className="pubblico-gone">{s.nonDisponibile}</p>}
      {blocco.foto.length > 0 ? (
        <div className="pubblico-photos">
          {blocco.foto.map((f, i) => (
            <div key={f._id}>
              <SegniImage
                src={fotoUrl(token, f._id)}
                alt={`${s.foto} ${i + 1} · ${blocco.codice}`}
                width={f.width}
                height={f.height}
                segni={f.segni}
                legend={false}
              />
              {f.segni.length > 0 && (
                <p className="pubblico-segni" data-testid="pubblico-segni">
                  {s.segni}:{' '}
                  {[...new Set(f.segni.map((g) => g.difetto))]
                    .map((d) => s.difettiNomi[d] ?? d)
                    .join(', ')}
                </p>
              )}
            </div>
          ))}
        </div>
      ) : (
        blocco.disponibile && <p className="pubblico-muted">{s.nessunaFoto}</p>
      )}
      <dl className="pubblico-facts">
        <dt>{s.misureLorde}</dt>
        <dd>{misure(blocco.misureLorde)}</dd>
        <dt>{s.misureNette}</dt>
        <dd>{misure(blocco.misureNette)}</dd>
        <dt>{s.volume}</dt>
        <dd>{n(blocco.volumeNetto, 3)} m³</dd>
        <dt>{s.peso}</dt>
        <dd>
          {n(blocco.peso.t, 2)} t {blocco.peso.base === 'pesato' ? s.pesato : s.teorico}
        </dd>
        <dt>{s.scelta}</dt>
        <dd>{s.scelte[blocco.scelta] ?? blocco.scelta}</dd>
        <dt>{s.categoria}</dt>
        <dd>{s.categorie[blocco.categoria] ?? blocco.categoria}</dd>
        {blocco.prezzo && (
          <>
            <dt>{s.prezzo}</dt>
            <dd data-testid="pubblico-prezzo">
              {n(blocco.prezzo.importo, 2)} {s.unita[blocco.prezzo.unita] ?? blocco.prezzo.unita}
            </dd>
          </>
        )}
        <dt>{s.difetti}</dt>
        <dd>
          {blocco.difetti.length
            ? blocco.difetti.map((d) => s.difettiNomi[d] ?? d).join(', ')
            : s.nessunDifetto}
          {blocco.noteDifetti && <span className="pubblico-note"> — {blocco.noteDifetti}</span>}
        </dd>
      </dl>
      {blocco.disponibile && (
        <form
          className="pubblico-answer"
          onSubmit={(e) => {
            e.preventDefault();
            if (risposta) send.mutate({ bloccoId: blocco._id, risposta, nota: nota || null });
          }}
        >
          <fieldset>
            <legend>{s.risposta}</legend>
            {RISPOSTE.map((r) => (
              <div key={r} className="pubblico-radio">
                <RadioButton
                  inputId={`${id}-${r}`}
                  name={`${id}-risposta`}
                  value={r}
                  checked={risposta === r}
                  onChange={() => setRisposta(r)}
                />
                <label htmlFor={`${id}-${r}`}>{s.risposte[r]}</label>
              </div>
            ))}
          </fieldset>
          <label htmlFor={`${id}-nota`}>{s.nota}</label>
          <InputTextarea
            id={`${id}-nota`}
            value={nota}
            onChange={(e) => setNota(e.target.value)}
            rows={2}
            maxLength={1000}
            autoResize
          />
          <Button
            type="submit"
            label={s.invia}
            icon="pi pi-send"
            disabled={!risposta}
            loading={send.isPending}
            data-testid="pubblico-invia"
          />
          <p role="status" className="pubblico-muted">
            {send.isSuccess
              ? s.inviata
              : send.isError
                ? send.error.message
                : ultima
                  ? `${s.ultimaRisposta}: ${s.risposte[ultima]}`
                  : ''}
          </p>
        </form>
      )}
    </article>
  );
}
