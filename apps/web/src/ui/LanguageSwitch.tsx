import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, LOCALES, isLocale, type Locale } from '@enamel/contracts';
import { changeLocale } from '../core/i18n.ts';

/** Header language menu; the choice lives in the `locale` cookie (read by the server) and the store. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconLanguage size={18} stroke={1.7} aria-hidden />}
          data-testid="language-switch"
          px={compact ? 8 : undefined}
        >
          {/* The accessible name starts with the visible text (WCAG 2.5.3) and then says what it is. */}
          {compact ? current : LOCALE_NAMES[current]}
          <VisuallyHidden>{` — ${t('shell.language')}`}</VisuallyHidden>
        </Button>
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
