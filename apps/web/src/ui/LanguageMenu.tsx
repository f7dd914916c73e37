import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, type Locale } from '@enamel/contracts';
import { changeLocale } from '../core/i18n.ts';
import { LanguageButton } from './LanguageButton.tsx';

export interface LanguageMenuProps {
  compact: boolean;
  current: Locale;
  /** Opens at once: the button was pressed before the menu had loaded. */
  opened: boolean;
  /** Takes the focus the button had before the menu had loaded. */
  focused: boolean;
}

/** The language menu itself (loaded with the first intent to use it, see LanguageSwitch). */
export function LanguageMenu({ compact, current, opened, focused }: LanguageMenuProps) {
  const { t } = useTranslation();
  const target = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (focused) target.current?.focus();
    // Only when it replaces the button it was loaded from.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal defaultOpened={opened}>
      <Menu.Target>
        <LanguageButton ref={target} compact={compact} current={current} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('shell.language')}</Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            onClick={() => void changeLocale(locale)}
            rightSection={locale === current ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={locale === current ? 'true' : undefined}
            data-testid={`language-option-${locale}`}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
