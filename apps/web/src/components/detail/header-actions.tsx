import { useId, useRef } from 'react';
import { Button } from 'primereact/button';
import { Menu } from 'primereact/menu';
import { CARDS_QUERY, useMediaQuery } from '@/components/list/use-media-query';

export interface HeaderAction {
  label: string;
  icon: string;
  onClick: () => void;
  /** filled (default), outlined, or a warning / danger look (outlined) */
  look?: 'primary' | 'outlined' | 'warning' | 'danger';
  testId: string;
  /** its request is on the way: the button spins and cannot be pressed again (a double tap sends once) */
  busy?: boolean;
}

/**
 * A detail page's header actions: buttons side by side, and under 768 px one "Azioni" menu, so
 * the header keeps to one line on a phone instead of a wall of buttons.
 */
export function HeaderActions({ actions }: { actions: readonly HeaderAction[] }) {
  const phone = useMediaQuery(CARDS_QUERY);
  const menu = useRef<Menu>(null);
  const menuId = useId();
  if (actions.length === 0) return null;
  if (!phone) {
    return (
      <>
        {actions.map((a) => (
          <Button
            key={a.testId}
            type="button"
            label={a.label}
            icon={a.icon}
            outlined={a.look !== undefined && a.look !== 'primary'}
            severity={a.look === 'warning' || a.look === 'danger' ? a.look : undefined}
            onClick={a.onClick}
            loading={a.busy}
            disabled={a.busy}
            data-testid={a.testId}
          />
        ))}
      </>
    );
  }
  return (
    <>
      <Button
        type="button"
        label="Azioni"
        icon="pi pi-ellipsis-v"
        iconPos="right"
        outlined
        aria-haspopup="menu"
        aria-controls={menuId}
        onClick={(e) => menu.current?.toggle(e)}
        data-testid="header-actions"
      />
      <Menu
        id={menuId}
        ref={menu}
        popup
        popupAlignment="right"
        model={actions.map((a) => ({
          label: a.label,
          icon: a.icon,
          command: a.onClick,
          disabled: a.busy,
          className: a.look === 'danger' ? 'header-action-danger' : undefined,
        }))}
      />
    </>
  );
}
