import { notifications } from '@mantine/notifications';

/** Success notices show for 1500 ms without a confirm button (notes §9). */
export const SUCCESS_NOTICE_MS = 1500;
/** Other toasts use the notes' 5000 ms delay (set on the provider). */
export const TOAST_MS = 5000;

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: SUCCESS_NOTICE_MS, withCloseButton: false });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_MS });
}
