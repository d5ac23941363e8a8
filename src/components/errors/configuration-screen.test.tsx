import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConfigurationScreen } from './configuration-screen';

describe('ConfigurationScreen', () => {
  it('names every missing or malformed setting instead of rendering a blank page', () => {
    render(
      <ConfigurationScreen
        problems={[
          { name: 'VITE_SUPABASE_URL', message: 'is missing' },
          { name: 'VITE_SUPABASE_ANON_KEY', message: 'must be a JWT (three dot-separated parts)' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Configuration needed' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Configuration problems' });
    expect(list).toHaveTextContent('VITE_SUPABASE_URLis missing');
    expect(list).toHaveTextContent('VITE_SUPABASE_ANON_KEYmust be a JWT');
  });
});
