import './computed-values.css';

/**
 * Values the form computes as the user types (docs/screens.md: m³, t, m² shown live), read out by
 * screen readers when they change. A value not computable yet shows a dash.
 */
export function ComputedValues({
  items,
  label = 'Valori calcolati',
  testId = 'computed-values',
}: {
  items: readonly { key: string; label: string; value: string | null }[];
  label?: string;
  testId?: string;
}) {
  return (
    <dl className="computed-values" aria-label={label} aria-live="polite" data-testid={testId}>
      {items.map((item) => (
        <div key={item.key}>
          <dt>{item.label}</dt>
          <dd data-testid={`computed-${item.key}`}>{item.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
