import { type NotificationData, notifications } from '@mantine/notifications';

/** Spec §3 Toast options; §8 titles and colours. At most 5 show at once (product §10.11). */
export type ToastType = 'default' | 'info' | 'success' | 'error' | 'warning';
export interface ToastOptions {
  type?: ToastType;
  msg: string;
  title?: string;
}

export const TOAST_LIMIT = 5;

const TITLES: Partial<Record<ToastType, string>> = { success: 'Success!', error: 'Oops!', warning: 'Alert!' };
// The default type shows its message in red, like an error without the title.
const COLORS: Record<ToastType, string> = {
  default: 'red',
  info: 'blue',
  success: 'green',
  error: 'red',
  warning: 'yellow',
};

export function toastData({ type = 'default', msg, title }: ToastOptions): NotificationData {
  return {
    title: title ?? TITLES[type],
    message: msg,
    color: COLORS[type],
    withCloseButton: true,
    // The × needs a name for screen readers (axe button-name).
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Errors stay longer: people need time to read what to do.
    autoClose: type === 'error' || type === 'default' ? 8000 : 5000,
    className: `toast toast-${type}`,
    'data-toast-type': type,
  } as NotificationData;
}

export function toast(options: ToastOptions) {
  notifications.show(toastData(options));
}
