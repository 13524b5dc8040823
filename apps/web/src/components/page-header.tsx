import type { ReactNode } from 'react';

export function PageHeader({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-header">
      <h1 className="page-title" data-testid="page-title">
        {icon && <i className={`${icon} page-title-icon`} aria-hidden="true" />}
        {title}
      </h1>
      {children && <div className="page-header-actions">{children}</div>}
    </div>
  );
}
