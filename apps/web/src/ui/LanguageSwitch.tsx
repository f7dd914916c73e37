import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale } from '@enamel/contracts';
import { LanguageButton } from './LanguageButton.tsx';
import type { LanguageMenu as LanguageMenuType } from './LanguageMenu.tsx';

interface Loaded {
  Menu: typeof LanguageMenuType;
  focused: boolean;
}

/**
 * Header language menu; the choice lives in the `locale` cookie (read by the server) and the store. The button
 * shows at once; the menu (Mantine's Menu and its positioning code, which the login screen needs for nothing else)
 * loads with the first hint of use: pointer over it, focus, press. A press before it has loaded opens it when it has.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { i18n } = useTranslation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const button = useRef<HTMLButtonElement>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [pressed, setPressed] = useState(false);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    import('./LanguageMenu.tsx').then(
      ({ LanguageMenu }) => setLoaded({ Menu: LanguageMenu, focused: button.current !== null && document.activeElement === button.current }),
      (error: unknown) => {
        loading.current = false;
        console.error('Failed to load the language menu', error);
      },
    );
  }, []);

  if (loaded) return <loaded.Menu compact={compact} current={current} opened={pressed} focused={loaded.focused} />;
  return (
    <LanguageButton
      ref={button}
      compact={compact}
      current={current}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={load}
      onClick={() => {
        setPressed(true);
        load();
      }}
    />
  );
}
