import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SignupWizard } from './signup-wizard';

function renderWizard() {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/signup?method=email']}>
        <SignupWizard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sign-up wizard', () => {
  it('stays on Personal Information and names every empty field when Continue is pressed', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.click(screen.getByRole('button', { name: /continue$/i }));
    for (const message of ['First name is required', 'Last name is required', 'Email is required', 'Password is required', 'Password confirmation is required']) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Personal Information');
  });

  it('shows the strength label, advances to Company Details when step 1 is valid, and goes back with Back', async () => {
    const user = userEvent.setup();
    renderWizard();
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    expect(screen.getByText('Medium')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'A1!');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm password'), 'abcdefghA1!');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: /continue$/i }));
    expect(await screen.findByRole('heading', { level: 2, name: /Company Details/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /continue$/i }));
    expect(await screen.findByText('Company name is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    // Choosing a role must not switch the select from uncontrolled to controlled (React warns in development).
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Founder / Owner' }));
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Founder / Owner');
    const messages = [...warn.mock.calls, ...error.mock.calls].map((args) => args.map(String).join(' '));
    expect(messages.filter((m) => /uncontrolled|controlled/i.test(m))).toEqual([]);
    await user.click(screen.getByRole('button', { name: /back/i }));
    expect(await screen.findByRole('heading', { level: 2, name: /Personal Information/ })).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });
});
