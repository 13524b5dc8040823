import type { ReactNode } from 'react';

/** A card with an h2 title (and its icon) that names the section for assistive technology. */
export function SectionCard({
  titleId,
  title,
  icon,
  className,
  children,
}: {
  titleId: string;
  title: string;
  icon?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {icon && <i className={`${icon} mr-2`} aria-hidden="true" />}
        {title}
      </h2>
      {children}
    </section>
  );
}
