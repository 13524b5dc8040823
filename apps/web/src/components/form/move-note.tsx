import { InputTextarea } from 'primereact/inputtextarea';

/** The optional note a confirmed state change carries (at most 500 characters, as the contracts allow). */
export function MoveNote({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="block mb-1">
        {label}
      </label>
      <InputTextarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={2}
        maxLength={500}
        className="w-full"
      />
    </>
  );
}
