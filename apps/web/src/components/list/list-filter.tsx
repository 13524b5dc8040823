import type { ReactNode } from 'react';

/** One labelled filter of a list's toolbar. */
export function ListFilter({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `list-filter ${className}` : 'list-filter'}>
      <label htmlFor={id}>{label}</label>
      {children}
    </div>
  );
}
