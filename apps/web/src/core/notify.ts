import { useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';

/** Success notices show for 1500 ms without a confirm button (docs/client-contract.md#notices). */
export const SUCCESS_NOTICE_MS = 1500;
/** Other toasts stay 5000 ms (set on the provider). */
export const TOAST_MS = 5000;

/**
 * Toasts load with the first one shown: the login screen has none until it is left. Mantine's store queues a toast
 * shown before its container has mounted; `useToastsWanted` tells the providers to mount the container.
 */
let wanted = false;
const subscribers = new Set<() => void>();

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (notify) => {
      subscribers.add(notify);
      return () => subscribers.delete(notify);
    },
    () => wanted,
  );
}

function show(toast: NotificationData): void {
  if (!wanted) {
    wanted = true;
    subscribers.forEach((notify) => notify());
  }
  void import('@mantine/notifications').then(
    ({ notifications }) => notifications.show(toast),
    (error: unknown) => console.error('Failed to load toasts', error),
  );
}

/**
 * A success notice cannot be acted on, so it lets the pointer through: it never covers the button under it (a click
 * there reaches the button) and a pointer resting where it appears does not hold it open past its 1500 ms.
 */
export function notifySuccess(message: string): void {
  show({ message, color: 'green', autoClose: SUCCESS_NOTICE_MS, withCloseButton: false, style: { pointerEvents: 'none' } });
}

export function notifyError(message: string): void {
  show({ message, color: 'red', autoClose: TOAST_MS });
}
