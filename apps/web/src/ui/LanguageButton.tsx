import { Button, VisuallyHidden } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type Locale } from '@enamel/contracts';

export interface LanguageButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'color' | 'children'> {
  compact: boolean;
  current: Locale;
}

/** The header's language button: the same before the menu has loaded (LanguageSwitch) and as the menu's target. */
export function LanguageButton({ compact, current, ...others }: LanguageButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconLanguage size={18} stroke={1.7} aria-hidden />}
      data-testid="language-switch"
      px={compact ? 8 : undefined}
      {...others}
    >
      {/* The accessible name starts with the visible text (WCAG 2.5.3) and then says what it is. */}
      {compact ? current : LOCALE_NAMES[current]}
      <VisuallyHidden>{` — ${t('shell.language')}`}</VisuallyHidden>
    </Button>
  );
}
