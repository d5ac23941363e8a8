import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function renderGate() {
  const { ConfigurationGate } = await import('./configuration-gate');
  return render(
    <ConfigurationGate>
      <p>the app</p>
    </ConfigurationGate>,
  );
}

describe('ConfigurationGate', () => {
  it('shows the app when the environment is valid', async () => {
    await renderGate();
    expect(screen.getByText('the app')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Configuration needed' })).not.toBeInTheDocument();
  });

  it('replaces the app with the configuration screen when the Supabase URL is missing', async () => {
    vi.stubEnv('VITE_SUPABASE_URL', '');
    await renderGate();
    expect(await screen.findByRole('heading', { name: 'Configuration needed' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Configuration problems' })).toHaveTextContent('VITE_SUPABASE_URLis missing');
    expect(screen.queryByText('the app')).not.toBeInTheDocument();
  });
});
