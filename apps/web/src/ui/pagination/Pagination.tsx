import { Box, Button, Group, type MantineSize } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { pageItems, resolvePaging, type PaginationSource } from './pageItems.ts';

export type PaginationSize = 'small' | 'default' | 'large';
export type PaginationAlign = 'left' | 'center' | 'right';

export interface PaginationProps {
  /** A list response (with `meta`/`links`) or flat paging fields. */
  data: PaginationSource;
  /** 0 (default) = every page number; -1 = no numbers; n > 0 = n numbers each side of the current page. */
  limit?: number;
  size?: PaginationSize;
  align?: PaginationAlign;
  /** Keep previous/next visible but disabled at the ends (default); false hides them there. */
  showDisabled?: boolean;
  onPageChange: (page: number) => void;
  testId?: string;
}

const SIZES: Record<PaginationSize, MantineSize> = { small: 'xs', default: 'sm', large: 'md' };
const JUSTIFY: Record<PaginationAlign, string> = { left: 'flex-start', center: 'center', right: 'flex-end' };
const STEPS = {
  prev: { by: -1, label: 'table.previous', Icon: IconChevronLeft, side: 'leftSection' },
  next: { by: 1, label: 'table.next', Icon: IconChevronRight, side: 'rightSection' },
} as const;

/** The pagination control (docs/client-contract.md#pagination): shown only when total > per_page. */
export function Pagination({ data, limit = 0, size = 'default', align = 'left', showDisabled = true, onPageChange, testId = 'pagination' }: PaginationProps) {
  const { t } = useTranslation();
  const paging = resolvePaging(data);
  if (!(paging.total > paging.per_page)) return null;
  const current = paging.current_page;
  const buttonSize = SIZES[size];
  const go = (page: number) => {
    if (page >= 1 && page <= paging.last_page && page !== current) onPageChange(page);
  };
  const items = pageItems(current, paging.last_page, limit);
  /** Previous or next: at the ends disabled, or hidden without `showDisabled`. */
  const step = (direction: 'prev' | 'next') => {
    const { by, label, Icon, side } = STEPS[direction];
    const enabled = direction === 'prev' ? paging.hasPrev : paging.hasNext;
    if (!showDisabled && !enabled) return null;
    return (
      <li>
        <Button variant="default" size={buttonSize} disabled={!enabled} onClick={() => go(current + by)} {...{ [side]: <Icon size={14} aria-hidden /> }} data-testid={`pagination-${direction}`}>
          {t(label)}
        </Button>
      </li>
    );
  };

  return (
    <Box component="nav" aria-label={t('table.pagination')} data-testid={testId} data-size={size} data-align={align}>
      <Group component="ul" gap={4} justify={JUSTIFY[align]} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {step('prev')}
        {items.map((item, index) =>
          item === '...' ? (
            <li key={`gap-${index}`} aria-hidden data-testid="pagination-gap">
              <Box component="span" px={6} c="dimmed">
                ...
              </Box>
            </li>
          ) : (
            <li key={item}>
              <Button
                variant={item === current ? 'filled' : 'default'}
                size={buttonSize}
                aria-current={item === current ? 'page' : undefined}
                aria-label={t('table.page', { page: item })}
                onClick={() => go(item)}
                data-testid="pagination-page"
              >
                {item}
              </Button>
            </li>
          ),
        )}
        {step('next')}
      </Group>
    </Box>
  );
}
