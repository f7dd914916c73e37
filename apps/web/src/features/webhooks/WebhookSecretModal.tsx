import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The secret of a subscription, shown once (after creating it or rotating it): copy it into the receiver now. */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={t('webhooks.secretTitle')} size="lg" data-testid="webhook-secret-modal">
      <Stack>
        <Alert color="yellow" variant="light">
          {t('webhooks.secretOnce')}
        </Alert>
        <Text size="sm">{t('webhooks.secretHint')}</Text>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t('webhooks.copied') : t('webhooks.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="webhook-secret-done">
            {t('webhooks.secretDone')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
