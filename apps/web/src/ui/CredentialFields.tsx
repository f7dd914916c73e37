import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { IconLock, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** An e-mail address input with its envelope icon and label (sign-in, reset, profile). */
export function EmailField(props: TextInputProps & { 'data-testid'?: string }) {
  const { t } = useTranslation();
  return <TextInput label={t('auth.fields.email')} type="email" name="email" leftSection={<IconMail size={18} stroke={1.6} />} {...props} />;
}

/** A password input with its lock icon (sign-in, reset, profile). */
export function PasswordField(props: PasswordInputProps & { 'data-testid'?: string }) {
  return <PasswordInput leftSection={<IconLock size={18} stroke={1.6} />} {...props} />;
}
