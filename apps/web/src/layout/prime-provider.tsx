import { useContext, useEffect, type ReactNode } from 'react';
import { PrimeReactContext, PrimeReactProvider } from 'primereact/api';
import { setupPrimeReactLocale } from '@/lib/primereact-locale';
import { useLayout } from './layout-context';

setupPrimeReactLocale();

function Sync() {
  const { config } = useLayout();
  const { setRipple, setInputStyle } = useContext(PrimeReactContext);
  useEffect(() => {
    setRipple?.(config.ripple);
  }, [config.ripple, setRipple]);
  useEffect(() => {
    setInputStyle?.(config.inputStyle);
  }, [config.inputStyle, setInputStyle]);
  return null;
}

/** PrimeReact for the shell: Italian locale, ripple and input style from the layout config. */
export function PrimeProvider({ children }: { children: ReactNode }) {
  const { config } = useLayout();
  return (
    <PrimeReactProvider
      value={{ ripple: config.ripple, inputStyle: config.inputStyle, locale: 'it' }}
    >
      <Sync />
      {children}
    </PrimeReactProvider>
  );
}
