import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryHolderContext, type QueryHolder } from './query-holder';
import { QueryScope } from './query-scope';

function Probe({ seen }: { seen: QueryClient[] }) {
  seen.push(useQueryClient());
  return null;
}

function Instance({ children }: { children: ReactNode }) {
  const [holder] = useState<QueryHolder>(() => ({}));
  return <QueryHolderContext value={holder}>{children}</QueryHolderContext>;
}

describe('QueryScope', () => {
  it('gives every scope of one app instance the same cache, created on first use', () => {
    const seen: QueryClient[] = [];
    render(
      <Instance>
        <QueryScope>
          <Probe seen={seen} />
        </QueryScope>
        <QueryScope>
          <Probe seen={seen} />
        </QueryScope>
      </Instance>,
    );
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBeInstanceOf(QueryClient);
    expect(seen[1]).toBe(seen[0]);
  });

  it('keeps app instances apart (a second render of the app starts with an empty cache)', () => {
    const first: QueryClient[] = [];
    const second: QueryClient[] = [];
    render(
      <Instance>
        <QueryScope>
          <Probe seen={first} />
        </QueryScope>
      </Instance>,
    );
    render(
      <Instance>
        <QueryScope>
          <Probe seen={second} />
        </QueryScope>
      </Instance>,
    );
    expect(second[0]).not.toBe(first[0]);
  });

  it('uses an enclosing provider instead of making its own', () => {
    const outer = new QueryClient();
    const seen: QueryClient[] = [];
    render(
      <QueryClientProvider client={outer}>
        <QueryScope>
          <Probe seen={seen} />
        </QueryScope>
      </QueryClientProvider>,
    );
    expect(seen[0]).toBe(outer);
  });
});
