import { REPORT_NAMES, REPORTS, type ReportName } from '@gestcava/contracts';
import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { DateInput } from '@/components/form/date-input';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { formatNumber } from '@/lib/format';
import { todayIso } from '@/lib/iso-date';
import { saveBlob } from '@/lib/download';
import { notify } from '@/lib/toast';
import { downloadReport, type ReportFormato } from '../api/reportistica';
import { PRESET_LABELS, periodoOf, type PeriodoPreset } from './periodo';
import './reportistica.css';

interface Running {
  name: ReportName;
  formato: ReportFormato;
  received: number;
}

/**
 * Analisi Dati → Reportistica: one period for every report, a PDF and an Excel button each. A report
 * downloads in the background: the page shows how much has arrived, the user may go elsewhere, and the
 * file is saved (with a message) when it is complete.
 */
export function ReportisticaPage() {
  const today = todayIso();
  const [periodo, setPeriodo] = useState(() => periodoOf('anno', today));
  const [running, setRunning] = useState<Running[]>([]);
  const invalid = periodo.dal > periodo.al;

  const run = async (name: ReportName, formato: ReportFormato) => {
    setRunning((r) => [...r, { name, formato, received: 0 }]);
    const progress = (received: number) =>
      setRunning((r) =>
        r.map((x) => (x.name === name && x.formato === formato ? { ...x, received } : x)),
      );
    try {
      const { blob, fileName } = await downloadReport(name, formato, periodo, progress);
      saveBlob(blob, fileName ?? `${name}.${formato}`);
      notify({
        severity: 'success',
        summary: `${REPORTS[name].title}: pronto`,
        detail: fileName ?? undefined,
      });
    } catch (error) {
      notify({
        severity: 'error',
        summary: `${REPORTS[name].title}: non riuscito`,
        detail: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setRunning((r) => r.filter((x) => !(x.name === name && x.formato === formato)));
    }
  };

  return (
    <>
      <PageHeader title="Reportistica" icon="pi pi-file-pdf" />
      <SectionCard titleId="periodo-title" title="Periodo" icon="pi pi-calendar">
        <div className="report-periodo">
          <div className="report-presets" role="group" aria-label="Periodi rapidi">
            {(Object.keys(PRESET_LABELS) as PeriodoPreset[]).map((p) => {
              const value = periodoOf(p, today);
              const active = value.dal === periodo.dal && value.al === periodo.al;
              return (
                <Button
                  key={p}
                  type="button"
                  label={PRESET_LABELS[p]}
                  size="small"
                  outlined={!active}
                  aria-pressed={active}
                  onClick={() => setPeriodo(value)}
                />
              );
            })}
          </div>
          <div className="report-dates">
            <label htmlFor="report-dal">Dal</label>
            <DateInput
              id="report-dal"
              testId="report-dal"
              value={periodo.dal}
              onChange={(dal) => dal && setPeriodo((p) => ({ ...p, dal }))}
            />
            <label htmlFor="report-al">Al</label>
            <DateInput
              id="report-al"
              testId="report-al"
              value={periodo.al}
              onChange={(al) => al && setPeriodo((p) => ({ ...p, al }))}
              error={invalid ? 'Il periodo finisce prima di cominciare' : undefined}
            />
          </div>
        </div>
      </SectionCard>
      <ul className="report-list">
        {REPORT_NAMES.map((name) => {
          const report = REPORTS[name];
          const mine = running.filter((r) => r.name === name);
          return (
            <li key={name} className="report-card" data-testid={`report-${name}`}>
              <div className="report-text">
                <h2 className="report-title">{report.title}</h2>
                <p className="report-description">{report.description}</p>
                {!report.periodo && (
                  <p className="report-note">Fotografia di oggi: il periodo non si applica.</p>
                )}
              </div>
              <div className="report-actions">
                {(['pdf', 'xlsx'] as const).map((formato) => (
                  <Button
                    key={formato}
                    type="button"
                    label={formato === 'pdf' ? 'PDF' : 'Excel'}
                    icon={formato === 'pdf' ? 'pi pi-file-pdf' : 'pi pi-file-excel'}
                    outlined
                    loading={mine.some((r) => r.formato === formato)}
                    disabled={invalid || mine.some((r) => r.formato === formato)}
                    aria-label={`${report.title} in ${formato === 'pdf' ? 'PDF' : 'Excel (XLSX)'}`}
                    data-testid={`report-${name}-${formato}`}
                    onClick={() => void run(name, formato)}
                  />
                ))}
              </div>
              {mine.map((r) => (
                <div key={r.formato} className="report-progress" role="status">
                  <ProgressBar mode="indeterminate" style={{ height: '4px' }} />
                  <span>
                    Scaricamento {r.formato === 'pdf' ? 'PDF' : 'Excel'} in corso
                    {r.received ? `: ${formatNumber(r.received / 1024, 0)} KB ricevuti` : '…'} —
                    puoi continuare a lavorare
                  </span>
                </div>
              ))}
            </li>
          );
        })}
      </ul>
    </>
  );
}
