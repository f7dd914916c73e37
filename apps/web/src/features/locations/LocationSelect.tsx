import { Select, type SelectProps } from '@mantine/core';
import { usePracticeLocations } from './location.api.ts';

interface LocationSelectProps extends Pick<SelectProps, 'value' | 'defaultValue' | 'onChange' | 'onFocus' | 'onBlur' | 'error'> {
  practiceId: number;
  label: string;
  description?: string;
  /** The empty choice's label (e.g. "Main store" for a receipt, "None" for a procedure); absent: a choice is required. */
  emptyLabel?: string;
  /** A location not to offer (the source of a move). */
  exclude?: number | null;
  testId: string;
  required?: boolean;
}

/** One of the practice's active storage locations (docs/locations.md). */
export function LocationSelect({ practiceId, label, description, emptyLabel, exclude, testId, required, ...input }: LocationSelectProps) {
  const locations = usePracticeLocations(practiceId);
  const data = (locations.data ?? [])
    .filter((l) => l.id !== exclude)
    .map((l) => ({ value: String(l.id), label: l.name }));
  return (
    <Select
      label={label}
      description={description}
      placeholder={emptyLabel}
      data={data}
      {...input}
      clearable={emptyLabel !== undefined}
      required={required}
      allowDeselect={emptyLabel !== undefined}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}
