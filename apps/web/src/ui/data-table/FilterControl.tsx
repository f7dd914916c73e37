import { ActionIcon, Button, Group, NativeSelect, Popover, Stack, TextInput } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_CONDITIONS, type ColumnFilter, type ColumnType } from '@enamel/contracts';

interface FilterControlProps {
  field: string;
  title: string;
  type: ColumnType;
  value: ColumnFilter | undefined;
  onChange: (filter: ColumnFilter | null) => void;
}

const NO_VALUE = new Set(['is_null', 'is_not_null']);
type BoolChoice = 'all' | 'true' | 'false';

/** A header's filter popover: the conditions of the column type; bool offers All/True/False (docs/client-contract.md#filters). */
export function FilterControl({ field, title, type, value, onChange }: FilterControlProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const conditions = type === 'bool' ? [] : FILTER_CONDITIONS[type].map(String);
  const [condition, setCondition] = useState<string>(value?.condition ?? conditions[0] ?? 'equal');
  const [text, setText] = useState<string>(value?.value === undefined || value.value === null ? '' : String(value.value));
  const [bool, setBool] = useState<BoolChoice>(value?.value === true ? 'true' : value?.value === false ? 'false' : 'all');

  const open = () => {
    // Start from the applied filter each time the popover opens.
    setCondition(value?.condition ?? conditions[0] ?? 'equal');
    setText(value?.value === undefined || value.value === null ? '' : String(value.value));
    setBool(value?.value === true ? 'true' : value?.value === false ? 'false' : 'all');
    setOpened(true);
  };

  const apply = () => {
    setOpened(false);
    if (type === 'bool') {
      onChange(bool === 'all' ? null : { field, condition: 'equal', value: bool === 'true' });
      return;
    }
    if (NO_VALUE.has(condition)) {
      onChange({ field, condition });
      return;
    }
    const trimmed = text.trim();
    if (trimmed === '') {
      onChange(null);
      return;
    }
    const n = Number(trimmed);
    onChange({ field, condition, value: type === 'number' && Number.isFinite(n) ? n : trimmed });
  };

  const clear = () => {
    setOpened(false);
    onChange(null);
  };

  const label = t('table.filter', { column: title });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal trapFocus hideDetached={false}>
      <Popover.Target>
        <ActionIcon
          variant={value ? 'filled' : 'subtle'}
          color={value ? undefined : 'gray'}
          size="sm"
          aria-label={label}
          aria-pressed={value ? true : undefined}
          onClick={() => (opened ? setOpened(false) : open())}
          data-testid={`data-table-filter-${field}`}
        >
          {value ? <IconFilterFilled size={14} aria-hidden /> : <IconFilter size={14} aria-hidden />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          aria-label={label}
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <Stack gap="xs" w={240}>
            {type === 'bool' ? (
              <NativeSelect
                label={t('table.value')}
                value={bool}
                onChange={(event) => setBool(event.currentTarget.value as BoolChoice)}
                data={(['all', 'true', 'false'] as const).map((v) => ({ value: v, label: t(`table.bool.${v}`) }))}
              />
            ) : (
              <>
                <NativeSelect
                  label={t('table.condition')}
                  value={condition}
                  onChange={(event) => setCondition(event.currentTarget.value)}
                  data={conditions.map((c) => ({ value: c, label: t(`table.conditions.${c}`) }))}
                />
                {!NO_VALUE.has(condition) && (
                  <TextInput
                    label={t('table.value')}
                    type={type === 'number' ? 'number' : type === 'date' ? 'date' : 'text'}
                    value={text}
                    onChange={(event) => setText(event.currentTarget.value)}
                    data-autofocus
                  />
                )}
              </>
            )}
            <Group justify="space-between" gap="xs">
              <Button variant="default" size="xs" onClick={clear}>
                {t('table.clear')}
              </Button>
              <Button type="submit" size="xs">
                {t('table.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
