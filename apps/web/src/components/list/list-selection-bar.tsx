import type { ReactNode } from 'react';
import { Button } from 'primereact/button';

/** Over a list while some of its rows are ticked: how many, what can be done with them, untick. */
export function ListSelectionBar({
  count,
  word,
  onClear,
  children,
}: {
  count: number;
  word: [singolare: string, plurale: string];
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div className="list-selection-bar" data-testid="list-selection">
      <strong>{count === 1 ? `1 ${word[0]}` : `${count} ${word[1]}`}</strong>
      {children}
      <Button type="button" label="Deseleziona" text onClick={onClear} />
    </div>
  );
}
