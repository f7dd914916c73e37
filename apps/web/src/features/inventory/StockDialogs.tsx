import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdjustStockModal } from './AdjustStockModal.tsx';
import type { InventoryDetail, InventoryRow, Lot, StockStatus } from './inventory.api.ts';
import { MoveStockModal } from './MoveStockModal.tsx';
import { InventorySettingsModal } from './InventorySettingsModal.tsx';
import { ReceiveStockModal } from './ReceiveStockModal.tsx';
import { STOCK_STATUS_COLORS } from './stock.ts';
import { TransferStockModal } from './TransferStockModal.tsx';
import { WriteOffModal } from './WriteOffModal.tsx';

/** Which stock dialog is open (one at a time), shared by the list and the detail. */
export type StockDialog =
  | { kind: 'receive'; product?: { id: number; sku: string } }
  | { kind: 'adjust'; inventory: InventoryRow; lotId?: number }
  | { kind: 'transfer'; inventory: InventoryRow }
  | { kind: 'settings'; inventory?: InventoryRow }
  | { kind: 'write-off'; inventory: InventoryRow; lot: Lot }
  | { kind: 'move'; inventory: InventoryDetail; lotId?: number }
  | null;

export function StockDialogs({ practiceId, dialog, onClose }: { practiceId: number; dialog: StockDialog; onClose: () => void }) {
  return (
    <>
      <ReceiveStockModal opened={dialog?.kind === 'receive'} practiceId={practiceId} product={dialog?.kind === 'receive' ? dialog.product : undefined} onClose={onClose} />
      <AdjustStockModal
        opened={dialog?.kind === 'adjust'}
        practiceId={practiceId}
        inventory={dialog?.kind === 'adjust' ? dialog.inventory : null}
        lotId={dialog?.kind === 'adjust' ? dialog.lotId : undefined}
        onClose={onClose}
      />
      <TransferStockModal opened={dialog?.kind === 'transfer'} practiceId={practiceId} inventory={dialog?.kind === 'transfer' ? dialog.inventory : null} onClose={onClose} />
      <InventorySettingsModal opened={dialog?.kind === 'settings'} practiceId={practiceId} inventory={dialog?.kind === 'settings' ? dialog.inventory : undefined} onClose={onClose} />
      <WriteOffModal
        opened={dialog?.kind === 'write-off'}
        practiceId={practiceId}
        lot={dialog?.kind === 'write-off' ? dialog.lot : null}
        productName={dialog?.kind === 'write-off' ? dialog.inventory.product_name : ''}
        usageUnit={dialog?.kind === 'write-off' ? dialog.inventory.usage_unit : 'each'}
        onClose={onClose}
      />
      <MoveStockModal
        opened={dialog?.kind === 'move'}
        practiceId={practiceId}
        inventory={dialog?.kind === 'move' ? dialog.inventory : null}
        lotId={dialog?.kind === 'move' ? dialog.lotId : undefined}
        onClose={onClose}
      />
    </>
  );
}

/** out / low / expiring / ok as a coloured, translated badge. */
export function StockStatusBadge({ status }: { status: StockStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STOCK_STATUS_COLORS[status] ?? 'gray'} variant={status === 'expiring' ? 'filled' : 'light'} autoContrast data-testid="stock-status" data-status={status}>
      {t(`inventory.stockStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
