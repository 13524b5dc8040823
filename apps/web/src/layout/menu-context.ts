import { createContext, useContext } from 'react';
import type { MenuEntry } from './menu-model';

/** The menu entries the signed-in user sees, provided by AppLayout (the dashboard lists them too). */
export const MenuContext = createContext<readonly MenuEntry[]>([]);

export function useMenu(): readonly MenuEntry[] {
  return useContext(MenuContext);
}
