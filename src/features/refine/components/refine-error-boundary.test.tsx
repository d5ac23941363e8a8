import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, it, vi } from 'vitest';
import { RefineErrorBoundary } from './refine-error-boundary';

const logError = vi.hoisted(() => vi.fn());
vi.mock('@/lib/logger', () => ({ logError }));

let broken = true;
function Studio() {
  const [n] = useState(1);
  if (broken) throw new Error('decoder exploded');
  return <p>studio {n}</p>;
}

it('shows "Something went wrong" with suggestions, reports the context, and recovers with Try Again', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  const context = { current: { fileName: 'mug.jpg', enhancementType: 'color', isGenerating: true } };
  render(
    <RefineErrorBoundary context={context}>
      <Studio />
    </RefineErrorBoundary>,
  );
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  const suggestions = screen.getByRole('list', { name: 'Suggestions' });
  for (const text of ['Try another image', 'Use a supported format (JPEG, PNG, WebP)', 'Check that the file is not corrupted', 'Refresh the page']) {
    expect(suggestions).toHaveTextContent(text);
  }
  expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  // the error logger sends it as an error_occurred event, with what the studio was doing
  expect(logError).toHaveBeenCalledWith('Refine Image Studio render error', expect.objectContaining({ severity: 'high', category: 'processing', file_name: 'mug.jpg', enhancement_type: 'color', is_generating: true }));

  broken = false;
  await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
  expect(screen.getByText('studio 1')).toBeInTheDocument();
});
