import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { isDesktop, loadLayoutConfig, saveLayoutConfig, type LayoutConfig } from './layout-config';
import { LayoutContext, type LayoutContextValue, type LayoutState } from './layout-context';
import { applyScale, applyTheme } from './theme';

const INITIAL_STATE: LayoutState = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  staticMenuMobileActive: false,
  configSidebarVisible: false,
};

export function LayoutProvider({
  children,
  initialConfig,
}: {
  children: ReactNode;
  initialConfig?: LayoutConfig;
}) {
  const [config, setConfigState] = useState<LayoutConfig>(
    () => initialConfig ?? loadLayoutConfig(),
  );
  const [state, setStateValue] = useState<LayoutState>(INITIAL_STATE);

  const setConfig = useCallback((changes: Partial<LayoutConfig>) => {
    setConfigState((prev) => {
      const next = { ...prev, ...changes };
      saveLayoutConfig(next);
      return next;
    });
  }, []);

  const setState = useCallback((changes: Partial<LayoutState>) => {
    setStateValue((prev) => ({ ...prev, ...changes }));
  }, []);

  useEffect(() => {
    applyScale(config.scale);
  }, [config.scale]);

  useEffect(() => {
    const swap = new AbortController();
    void applyTheme(config.theme, config.colorScheme, swap.signal);
    return () => swap.abort();
  }, [config.theme, config.colorScheme]);

  const toggleMenu = useCallback(() => {
    setStateValue((prev) => {
      if (config.menuMode === 'overlay')
        return { ...prev, overlayMenuActive: !prev.overlayMenuActive };
      if (isDesktop())
        return { ...prev, staticMenuDesktopInactive: !prev.staticMenuDesktopInactive };
      return { ...prev, staticMenuMobileActive: !prev.staticMenuMobileActive };
    });
  }, [config.menuMode]);

  const closeFloatingMenu = useCallback(() => {
    setStateValue((prev) =>
      prev.overlayMenuActive || prev.staticMenuMobileActive
        ? { ...prev, overlayMenuActive: false, staticMenuMobileActive: false }
        : prev,
    );
  }, []);

  const isMenuVisible = useCallback(() => {
    if (config.menuMode === 'overlay') return state.overlayMenuActive;
    if (isDesktop()) return !state.staticMenuDesktopInactive;
    return state.staticMenuMobileActive;
  }, [config.menuMode, state]);

  const value = useMemo<LayoutContextValue>(
    () => ({ config, setConfig, state, setState, toggleMenu, closeFloatingMenu, isMenuVisible }),
    [config, setConfig, state, setState, toggleMenu, closeFloatingMenu, isMenuVisible],
  );

  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}
