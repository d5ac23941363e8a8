import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { CreditSummary, CreditWarning } from '@/domains/credits/types';
import { server } from '@/test/msw/server';
import { storeTestSession } from '@/test/session';
import { API } from '@/test/studio-handlers';
import { creditWarningText, useLowBalanceWarning } from './use-low-balance-warning';

const warning = (over: Partial<CreditWarning>): CreditWarning => ({
  threshold: '80', plan: 'professional', balance: 60, allowance: 300, used: 240, cheapest: 1, period_end: '2026-12-25T12:00:00Z', ...over,
});

describe('creditWarningText', () => {
  it('says how much of the period is used at 80%, and when it renews', () => {
    expect(creditWarningText(warning({}))).toEqual({
      level: 'warning',
      title: 'Credits running low',
      description: "You've used 240 credits of your Professional plan's 300 credits this period (80%); 60 credits left. It renews on December 25.",
    });
  });

  it('at 100% says the plan is used up, and what packs left', () => {
    expect(creditWarningText(warning({ threshold: '100', used: 300, balance: 0 }))).toMatchObject({ level: 'error', title: "You've used this period's credits" });
    expect(creditWarningText(warning({ threshold: '100', used: 310, balance: 45 })).description).toBe(
      "All of your Professional plan's 300 credits are used. 45 credits left from credit packs. It renews on December 25. Buy a credit pack or upgrade your plan to keep generating.",
    );
  });

  it('without a plan, warns when the balance cannot pay for the cheapest run', () => {
    expect(creditWarningText(warning({ threshold: 'cannot_pay', plan: 'trial', allowance: null, balance: 0, period_end: null }))).toEqual({
      level: 'error', title: "You're out of credits", description: 'Buy a credit pack or upgrade your plan to keep generating.',
    });
    expect(creditWarningText(warning({ threshold: 'cannot_pay', plan: 'trial', allowance: null, balance: 1, cheapest: 2, period_end: null })).description).toBe(
      '1 credit left; the cheapest run costs 2 credits. Buy a credit pack or upgrade your plan to keep generating.',
    );
  });
});

function Probe({ balance }: { balance: number }) {
  useLowBalanceWarning('user-1', { total_credits: balance } as CreditSummary);
  return null;
}

describe('useLowBalanceWarning', () => {
  it('asks the server each time the balance changes and shows what it says is due, as a toast with the way to Credit Packs', async () => {
    storeTestSession();
    let asked = 0;
    server.use(http.post(`${API}/rest/v1/rpc/credit_warning`, () => (asked++, HttpResponse.json(asked === 2 ? warning({}) : null))));
    const { rerender } = render(
      <MemoryRouter>
        <Probe balance={70} />
        <Toaster />
      </MemoryRouter>,
    );
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.queryByText('Credits running low')).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <Probe balance={60} />
        <Toaster />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Credits running low')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Credit Packs' })).toBeInTheDocument();
    expect(asked).toBe(2);
  });
});
