import { Alert, Button, Card, Grid, Group, Loader, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIGURATION_DEFAULTS, configurationUpdateBodySchema, SERVICE_LEVEL_CHOICES, type ConfigurationFields } from '@enamel/contracts';
import { useFormat } from '../../core/format.ts';
import { notifySuccess } from '../../core/notify.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { configurationKey, fetchConfiguration, saveConfiguration } from './settings.api.ts';
import { DateField } from '../../ui/DateField.tsx';
import { FormError } from '../../ui/FormError.tsx';

type Values = Omit<ConfigurationFields, 'service_level' | 'forecast_date' | 'monthly_supply_budget' | 'po_approval_threshold' | 'over_receipt_tolerance' | 'stock_take_approval_threshold'> & {
  service_level: string;
  forecast_date: string;
  /** Money in the practice's currency; '' = none. */
  monthly_supply_budget: number | string;
  po_approval_threshold: number | string;
  /** The over-receipt tolerance as the form shows it: a percentage (5 = 5 %). */
  over_receipt_tolerance: number | string;
  /** Money in the practice's currency; required (the server names it when empty). */
  stock_take_approval_threshold: number | string;
} & Record<string, unknown>;

/** The money settings, in the practice's currency: empty means none (no budget, never ask for approval). */
const MONEY_FIELDS = [
  { field: 'monthly_supply_budget', label: 'monthlyBudget', testId: 'settings-monthly-budget' },
  { field: 'po_approval_threshold', label: 'approvalThreshold', testId: 'settings-approval-threshold' },
] as const;

const amountOrNull = (value: number | string) => (value === '' || value === null ? null : Number(value));
/** A share (0.05) as the percentage the form shows (5), without floating noise. */
const percentOf = (share: number) => Math.round(share * 10_000) / 100;

/** The settings counted in days, as the form shows them (bounds as the contract's). */
const DAY_FIELDS = [
  { field: 'lead_time_days', label: 'leadTime', min: 0, max: 365, testId: 'settings-lead-time' },
  { field: 'review_period_days', label: 'reviewPeriod', min: 1, max: 365, testId: 'settings-review-period' },
  { field: 'dead_stock_days', label: 'deadStock', min: 7, max: 1095, testId: 'settings-dead-stock' },
  { field: 'expiry_warning_days', label: 'expiryWarning', min: 1, max: 365, testId: 'settings-expiry-warning' },
] as const;

/** The selected practice's forecasting and stock settings; read-only for a role that may not change them. */
export function PracticeSettingsForm({ practiceId, practiceName }: { practiceId: number; practiceName: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const client = useQueryClient();
  const row = useQuery({ queryKey: configurationKey(practiceId), queryFn: () => fetchConfiguration(practiceId) });
  const form = useForm<Values>({
    // The contracts' one table of defaults, shown until the practice's own settings arrive.
    initialValues: {
      ...CONFIGURATION_DEFAULTS,
      service_level: String(CONFIGURATION_DEFAULTS.service_level),
      forecast_date: '',
      monthly_supply_budget: '',
      po_approval_threshold: '',
      over_receipt_tolerance: percentOf(CONFIGURATION_DEFAULTS.over_receipt_tolerance),
    },
  });

  useEffect(() => {
    if (!row.data) return;
    const { forecast_date, service_level, monthly_supply_budget, po_approval_threshold, over_receipt_tolerance, currency: _currency, ...rest } = row.data;
    form.setValues({
      ...rest,
      service_level: String(service_level),
      forecast_date: forecast_date ?? '',
      monthly_supply_budget: monthly_supply_budget ?? '',
      po_approval_threshold: po_approval_threshold ?? '',
      over_receipt_tolerance: percentOf(over_receipt_tolerance),
    });
    form.resetDirty();
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row.data]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    // The fields are checked as the update checks them; the create (a practice still on the defaults) takes the same fields and the practice's id.
    contractCall(
      configurationUpdateBodySchema,
      (v: Values) => ({
        forecast_horizon_weeks: Number(v.forecast_horizon_weeks),
        service_level: Number(v.service_level),
        lead_time_days: Number(v.lead_time_days),
        review_period_days: Number(v.review_period_days),
        dead_stock_days: Number(v.dead_stock_days),
        expiry_warning_days: Number(v.expiry_warning_days),
        allow_negative_stock: v.allow_negative_stock,
        forecast_date: v.forecast_date || null,
        monthly_supply_budget: amountOrNull(v.monthly_supply_budget),
        po_approval_threshold: amountOrNull(v.po_approval_threshold),
        // The percentage back to a share, rounded to the four places the server keeps.
        over_receipt_tolerance: v.over_receipt_tolerance === '' ? Number.NaN : Math.round(Number(v.over_receipt_tolerance) * 100) / 10_000,
        stock_take_approval_threshold: v.stock_take_approval_threshold === '' ? Number.NaN : Number(v.stock_take_approval_threshold),
      }),
      (fields) => saveConfiguration(row.data!, fields),
    ),
    async (saved) => {
      client.setQueryData(configurationKey(practiceId), saved);
      // The dashboard reads these settings (horizon, levels, default date).
      await client.invalidateQueries({ queryKey: ['dashboard', practiceId] });
      notifySuccess(t('settings.saved'));
    },
  );

  if (row.isPending) return <Loader size="sm" />;
  if (row.isError)
    return (
      <Alert color="red" variant="light">
        {t('settings.loadError')}
      </Alert>
    );
  const readOnly = !row.data.can_update;
  const levels = [...new Set([...SERVICE_LEVEL_CHOICES.map(String), form.getValues().service_level])].map((value) => ({ value, label: format.number(Number(value), { style: 'percent', maximumFractionDigits: 1 }) }));
  // Out-of-range values are not clamped silently: the server says what the range is.
  const whole = { allowDecimal: false, allowNegative: false, clampBehavior: 'none', disabled: readOnly } as const;
  /** An amount in the practice's currency: never negative, two decimals, the currency beside it. */
  const money = {
    min: 0, decimalScale: 2, allowNegative: false, clampBehavior: 'none', disabled: readOnly,
    leftSection: <Text size="xs" c="dimmed">{row.data.currency}</Text>, leftSectionWidth: 44,
  } as const;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="practice-settings-title">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg" id="practice-settings-title">
          {t('settings.practiceTitle', { practice: practiceName })}
        </Title>
        <Text size="sm" c="dimmed">
          {row.data.configured ? t('settings.practiceText') : t('settings.practiceDefaults')}
        </Text>
      </Stack>
      <form onSubmit={onSubmit} noValidate data-testid="practice-settings-form">
        <Stack gap="md">
          <FormError message={message} testId="practice-settings-error" />
          {readOnly ? (
            <Alert color="gray" variant="light">
              {t('settings.readOnly')}
            </Alert>
          ) : null}
          <Grid>
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <NumberInput label={t('settings.fields.horizon')} description={t('settings.hints.horizon')} min={1} max={104} {...whole} data-testid="settings-horizon" {...form.getInputProps('forecast_horizon_weeks')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <Select label={t('settings.fields.serviceLevel')} description={t('settings.hints.serviceLevel')} data={levels} allowDeselect={false} disabled={readOnly} data-testid="settings-service-level" {...form.getInputProps('service_level')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <DateField size="sm" label={t('settings.fields.forecastDate')} description={t('settings.hints.forecastDate')} disabled={readOnly} data-testid="settings-forecast-date" {...form.getInputProps('forecast_date')} />
            </Grid.Col>
            {DAY_FIELDS.map(({ field, label, min, max, testId }) => (
              <Grid.Col span={{ base: 12, sm: 6, lg: 4 }} key={field}>
                <NumberInput label={t(`settings.fields.${label}`)} description={t(`settings.hints.${label}`)} min={min} max={max} {...whole} data-testid={testId} {...form.getInputProps(field)} />
              </Grid.Col>
            ))}
            {MONEY_FIELDS.map(({ field, label, testId }) => (
              <Grid.Col span={{ base: 12, sm: 6, lg: 4 }} key={field}>
                <NumberInput
                  label={t(`settings.fields.${label}`, { currency: row.data.currency })}
                  description={t(`settings.hints.${label}`)}
                  placeholder={t('settings.none')}
                  {...money}
                  data-testid={testId}
                  {...form.getInputProps(field)}
                />
              </Grid.Col>
            ))}
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <NumberInput
                label={t('settings.fields.stockTakeThreshold', { currency: row.data.currency })}
                description={t('settings.hints.stockTakeThreshold')}
                {...money}
                data-testid="settings-stock-take-threshold"
                {...form.getInputProps('stock_take_approval_threshold')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
              <NumberInput
                label={t('settings.fields.overReceipt')}
                description={t('settings.hints.overReceipt')}
                min={0}
                max={100}
                decimalScale={2}
                allowNegative={false}
                clampBehavior="none"
                suffix=" %"
                disabled={readOnly}
                data-testid="settings-over-receipt"
                {...form.getInputProps('over_receipt_tolerance')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <Switch mt="lg" label={t('settings.fields.allowNegative')} description={t('settings.hints.allowNegative')} disabled={readOnly} data-testid="settings-allow-negative" {...form.getInputProps('allow_negative_stock', { type: 'checkbox' })} />
            </Grid.Col>
          </Grid>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button type="submit" loading={saving} disabled={!form.isDirty()} data-testid="practice-settings-submit">
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}
