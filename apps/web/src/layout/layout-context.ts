import { createContext, useContext } from 'react';
import type { LayoutConfig } from './layout-config';

/**
 * Sakai-style layout state (EXAMPLES §4.1): one context with the persisted config and the
 * transient menu state; the config becomes classes on the wrapper and the root font size.
 */
export interface LayoutState {
  /** static mode, desktop: the user closed the menu */
  staticMenuDesktopInactive: boolean;
  /** overlay mode: the menu is open over the content */
  overlayMenuActive: boolean;
  /** below 992 px: the menu is open over the content */
  staticMenuMobileActive: boolean;
  /** the settings panel */
  configSidebarVisible: boolean;
}

export interface LayoutContextValue {
  config: LayoutConfig;
  setConfig: (changes: Partial<LayoutConfig>) => void;
  state: LayoutState;
  setState: (changes: Partial<LayoutState>) => void;
  /** the top bar's menu button */
  toggleMenu: () => void;
  /** close the menu where it covers the content (overlay, mobile); static desktop stays as it is */
  closeFloatingMenu: () => void;
  isMenuVisible: () => boolean;
}

export const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayout(): LayoutContextValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout fuori da LayoutProvider');
  return value;
}
