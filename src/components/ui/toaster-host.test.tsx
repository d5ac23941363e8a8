import { act, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { ToasterHost } from './toaster-host';

afterEach(() => {
  toast.dismiss();
});

describe('ToasterHost', () => {
  it('shows a toast at once on screens other than the landing page', async () => {
    render(<ToasterHost deferred={false} />);
    act(() => void toast.error('Upload failed'));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
  });

  it('on the landing page mounts when the browser is idle, and shows a toast raised before that', async () => {
    // jsdom has no requestIdleCallback: the host falls back to a 2 s timer
    render(<ToasterHost deferred />);
    act(() => void toast.error('Could not load the plans'));
    expect(screen.queryByRole('region', { name: /notifications/i })).not.toBeInTheDocument();
    expect(await screen.findByText('Could not load the plans', {}, { timeout: 4000 })).toBeInTheDocument();
  });

  it('stays mounted once shown, even back on the landing page', async () => {
    const { rerender } = render(<ToasterHost deferred={false} />);
    rerender(<ToasterHost deferred />);
    act(() => void toast.success('Saved'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });
});
