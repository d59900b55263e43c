import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DashboardDeleteModal } from '../features/dashboards/DashboardDeleteModal';
import { renderUi } from '../test/render';
import { AppModal, MODAL_TRANSITION } from './AppModal';
import { SPINNER_VARIANTS, SpinnerOverlay } from './spinner/SpinnerOverlay';
import { resetToasts, toast, toastData } from './toast';

describe('toasts (product §8, product §10.11)', () => {
  it("titles 'Success!', 'Oops!', 'Alert!', none for info; default in red; close button", () => {
    expect(toastData({ type: 'success', msg: 'm' })).toMatchObject({
      title: 'Success!',
      color: 'green',
      withCloseButton: true,
    });
    expect(toastData({ type: 'error', msg: 'm' })).toMatchObject({ title: 'Oops!', color: 'red' });
    expect(toastData({ type: 'warning', msg: 'm' })).toMatchObject({ title: 'Alert!' });
    expect(toastData({ type: 'info', msg: 'm' }).title).toBeUndefined();
    expect(toastData({ msg: 'm' })).toMatchObject({ color: 'red', title: undefined });
    expect(toastData({ type: 'error', msg: 'm', title: 'Custom' }).title).toBe('Custom');
  });

  it('shows at most 5; the others wait their turn', async () => {
    renderUi(<div />, { withNotifications: true });
    act(() => {
      for (let i = 1; i <= 7; i++) toast({ type: 'info', msg: `Message ${i}` });
    });
    await waitFor(() => expect(screen.getAllByText(/^Message \d$/)).toHaveLength(5));
    expect(screen.queryByText('Message 6')).toBeNull();
    act(() => notifications.clean());
  });

  it('never has more than 5 on screen, fading ones included; the next enters when one has gone', async () => {
    resetToasts();
    renderUi(<div />, { withNotifications: true });
    act(() => {
      for (let i = 1; i <= 7; i++) toast({ type: 'info', msg: `Queued ${i}` });
    });
    await waitFor(() => expect(screen.getAllByText(/^Queued \d$/)).toHaveLength(5));
    const onScreen = () => document.querySelectorAll('.mantine-Notification-root').length;
    let most = 0;
    const watch = new MutationObserver(() => {
      most = Math.max(most, onScreen());
    });
    watch.observe(document.body, { childList: true, subtree: true });
    await userEvent.click(screen.getAllByRole('button', { name: 'Close notification' })[0]!);
    await waitFor(() => expect(screen.getByText('Queued 6')).toBeInTheDocument());
    watch.disconnect();
    expect(most).toBeLessThanOrEqual(5);
    act(() => notifications.clean());
    resetToasts();
  });

  it('the same message is not shown twice at once (one failed call retried, two handlers)', async () => {
    resetToasts();
    renderUi(<div />, { withNotifications: true });
    act(() => {
      toast({ type: 'error', msg: 'Server error' });
      toast({ type: 'error', msg: 'Server error' });
      toast({ type: 'error', msg: 'Another problem' });
    });
    await waitFor(() => expect(screen.getByText('Another problem')).toBeInTheDocument());
    expect(screen.getAllByText('Server error')).toHaveLength(1);
    act(() => notifications.clean());
    resetToasts();
  });
});

describe('spinner overlay (product §2)', () => {
  it.each(SPINNER_VARIANTS)('renders the %s variant full screen', (variant) => {
    renderUi(<SpinnerOverlay variant={variant} background="rgb(1, 2, 3)" />);
    const overlay = screen.getByTestId('spinner-overlay');
    expect(overlay.querySelector(`[data-variant="${variant}"]`)).not.toBeNull();
    expect((overlay.firstChild as HTMLElement).style.background).toBe('rgb(1, 2, 3)');
  });
  it('has the nine variants of the brief', () => {
    expect(SPINNER_VARIANTS).toHaveLength(9);
  });
});

describe('modals', () => {
  it('generic modal: 100 ms in, 300 ms out; header and footer optional; backdrop close can be off', async () => {
    expect(MODAL_TRANSITION).toEqual({ transition: 'fade', duration: 100, exitDuration: 300 });
    const onClose = vi.fn();
    renderUi(
      <AppModal
        opened
        onClose={onClose}
        title="Title"
        withHeader={false}
        footer={<button type="button">OK</button>}
      >
        Body
      </AppModal>,
    );
    expect(await screen.findByText('Body')).toBeInTheDocument();
    expect(screen.queryByText('Title')).toBeNull();
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it("'Dashboard Delete': empty body, Cancel, × and 'Delete'", async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    renderUi(<DashboardDeleteModal opened onCancel={onCancel} onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Dashboard Delete')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons).toHaveLength(3); // ×, Cancel, Delete
  });
});
