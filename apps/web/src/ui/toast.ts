import { type NotificationData, notifications } from '@mantine/notifications';

/** Product §3 Toast options; §8 titles and colours. At most 5 show at once (product §10.11). */
export type ToastType = 'default' | 'info' | 'success' | 'error' | 'warning';
export interface ToastOptions {
  type?: ToastType;
  msg: string;
  title?: string;
}

export const TOAST_LIMIT = 5;
/** How long a closed toast takes to fade out (the Notifications container's transition). */
export const TOAST_FADE_MS = 250;

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

/**
 * Product §8: at most 5 toasts on screen — one that is fading out still counts, so the next
 * waits until it has gone — and the same message is not shown twice at once (a call retried
 * after a 5xx fails twice with one message). Toasts over the limit wait here, in order.
 */
const onScreen = new Set<string>();
const waiting: NotificationData[] = [];

function showNext() {
  while (onScreen.size < TOAST_LIMIT && waiting.length) {
    const data = waiting.shift()!;
    const id = data.id!;
    onScreen.add(id);
    notifications.show({
      ...data,
      onClose: () =>
        setTimeout(() => {
          onScreen.delete(id);
          showNext();
          // A little after the fade: the container removes the toast once its transition ends.
        }, TOAST_FADE_MS + 150),
    });
  }
}

export function toast(options: ToastOptions) {
  const data = { ...toastData(options), id: `toast-${options.type ?? 'default'}-${options.msg}` };
  if (onScreen.has(data.id) || waiting.some((w) => w.id === data.id)) return;
  waiting.push(data);
  showNext();
}

/** Forget every toast (tests; the store itself is cleaned by `notifications.clean()`). */
export function resetToasts() {
  onScreen.clear();
  waiting.length = 0;
}
