import { NumberInput, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { schedulerJobUpdateSchema, type SchedulerJob } from '@enamel/contracts';
import { useAfterSave } from '../../core/actions.ts';
import { useFormFill } from '../../ui/useFormFill.ts';
import { useFormSubmit } from '../../ui/useFormSubmit.ts';
import { contractCall } from '../../ui/contractValidation.ts';
import { updateSchedulerJob } from './scheduler.api.ts';
import { FormModal } from '../../ui/FormModal.tsx';
import { FormFooter } from '../../ui/FormFooter.tsx';

interface Values extends Record<string, unknown> {
  cron: string;
  enabled: boolean;
  time_limit_seconds: number | string;
  archive_after_days: number | string;
}

const ARCHIVE_JOB = 'archive-activity-logs';

/** Edit a job's schedule (cron, in the installation's time zone), its switch and its time limit. */
export function SchedulerJobModal({ job, onClose }: { job: SchedulerJob | null; onClose: () => void }) {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const form = useForm<Values>({ initialValues: { cron: '', enabled: true, time_limit_seconds: 900, archive_after_days: 90 } });
  useFormFill(form, () => (job ? { cron: job.cron, enabled: job.enabled, time_limit_seconds: job.time_limit_seconds, archive_after_days: job.options.archive_after_days ?? 90 } : undefined), [job]);

  const { saving, message, onSubmit } = useFormSubmit(
    form,
    contractCall(
      schedulerJobUpdateSchema,
      (v: Values) => ({
        cron: v.cron,
        enabled: v.enabled,
        time_limit_seconds: Number(v.time_limit_seconds),
        ...(job!.name === ARCHIVE_JOB ? { archive_after_days: Number(v.archive_after_days) } : {}),
      }),
      (body) => updateSchedulerJob(job!.id, body),
    ),
    afterSave(t('scheduler.saved'), ['scheduler-runs'], onClose),
  );

  return (
    <FormModal opened={job !== null} onClose={onClose} title={job ? t('scheduler.editTitle', { job: t(`scheduler.jobs.${job.name}.title`) }) : ''} testId="scheduler-job-modal" formTestId="scheduler-job-form" onSubmit={onSubmit} message={message}>
      {job ? <Text size="sm">{t(`scheduler.jobs.${job.name}.description`)}</Text> : null}
      <TextInput
        label={t('scheduler.fields.cron')}
        description={t('scheduler.fields.cronHint', { zone: job?.time_zone ?? '' })}
        required
        ff="monospace"
        data-testid="scheduler-cron"
        {...form.getInputProps('cron')}
      />
      <NumberInput label={t('scheduler.fields.timeLimit')} description={t('scheduler.fields.timeLimitHint')} min={10} max={21600} allowDecimal={false} data-testid="scheduler-time-limit" {...form.getInputProps('time_limit_seconds')} />
      {job?.name === ARCHIVE_JOB ? (
        <NumberInput
          label={t('scheduler.fields.archiveAfterDays')}
          description={t('scheduler.fields.archiveAfterDaysHint')}
          min={0}
          max={3650}
          allowDecimal={false}
          data-testid="scheduler-archive-days"
          {...form.getInputProps('archive_after_days')}
        />
      ) : null}
      <Switch label={t('scheduler.fields.enabled')} data-testid="scheduler-enabled" {...form.getInputProps('enabled', { type: 'checkbox' })} />
      <FormFooter submitLabel={t('common.save')} submitTestId="scheduler-submit" saving={saving} onCancel={onClose} />
    </FormModal>
  );
}
