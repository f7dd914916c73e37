import { Alert, Button, Card, Group, Select, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toAppError } from '../../core/errors.ts';
import { useCurrencyOptions } from '../../core/format.ts';
import { notifySuccess } from '../../core/notify.ts';
import { ORGANISATION_QUERY_KEY, useOrganisation } from '../../core/organisation.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { updateOrganisationCurrency } from './settings.api.ts';
import { SectionTitle } from '../../ui/SectionTitle.tsx';

/**
 * The currency catalog prices are in (nothing is ever converted: docs/product-rules.md#money). Changing it while
 * products have prices re-reads those prices in the new currency, so the server asks for a confirmation first.
 */
export function OrganisationCurrency({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const organisation = useOrganisation();
  const currencies = useCurrencyOptions();
  const [currency, setCurrency] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const current = organisation.data?.currency ?? null;
  useEffect(() => setCurrency(current), [current]);

  async function save(confirm: boolean) {
    if (!currency || saving) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await updateOrganisationCurrency(currency, confirm);
      client.setQueryData(ORGANISATION_QUERY_KEY, saved);
      notifySuccess(t('settings.currencySaved', { currency: saved.currency }));
    } catch (caught) {
      const appError = toAppError(caught, t);
      if (appError.status === 409 && !confirm) setAsking(appError.message);
      else setError(appError.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="organisation-title">
      <Stack gap="sm">
        <SectionTitle id="organisation-title" title={t('settings.organisationTitle')} text={t('settings.currencyText')} gap="sm" />
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="organisation-error">
            {error}
          </Alert>
        ) : null}
        <Group align="flex-end" gap="sm">
          <Select label={t('settings.fields.catalogCurrency')} data={currencies} value={currency} onChange={setCurrency} searchable allowDeselect={false} disabled={!canChange} w={300} data-testid="organisation-currency" />
          {canChange ? (
            <Button onClick={() => void save(false)} loading={saving} disabled={!currency || currency === current} data-testid="organisation-submit">
              {t('common.save')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={t('settings.currencyConfirmTitle')}
        message={asking}
        confirmLabel={t('settings.currencyConfirm')}
        danger
        onConfirm={() => save(true)}
        onClose={() => setAsking(null)}
      />
    </Card>
  );
}
