import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { projectStore } from '../store';
import { PerfectPage } from './perfect-page';

beforeEach(() => {
  localStorage.clear();
  projectStore.reset();
});

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/perfect']}>
      <Routes>
        <Route path="/perfect" element={<PerfectPage />} />
        <Route path="/studio" element={<p>Studio page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('/perfect', { timeout: 30_000 }, () => {
  it('maps catalogue fields onto the template slots, shows the script live, and hands it to the studio', async () => {
    const user = userEvent.setup();
    renderPage();
    // Nothing mapped to a name yet: the preview says what is missing.
    expect(screen.getByRole('alert')).toHaveTextContent(/map a product name and at least one benefit/);
    await user.type(screen.getByRole('textbox', { name: 'Field 1 value' }), 'Arctic Flask');
    await user.type(screen.getByRole('textbox', { name: 'Field 2 value' }), 'keeps drinks cold for 24 hours');
    const script = await screen.findByRole('list', { name: 'Mapped script' });
    expect(script).toHaveTextContent('cold for 24 hours');
    expect(within(script).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);

    // The offer slot now takes a field of the user's own.
    await user.click(screen.getByRole('button', { name: 'Add a field' }));
    const added = screen.getAllByRole('textbox', { name: /value$/ }).at(-1)!;
    await user.type(added, '2 for 1 today');
    const offer = screen.getByRole('combobox', { name: 'Offer' });
    await user.selectOptions(offer, within(offer).getByRole('option', { name: /New field: 2 for 1 today/ }));
    expect(screen.getByRole('list', { name: 'Mapped script' })).toHaveTextContent('2 for 1 today');

    await user.click(screen.getByRole('radio', { name: /Testimonial/ }));
    await user.click(screen.getByRole('button', { name: /Use this in the studio/ }));
    expect(screen.getByText('Studio page')).toBeInTheDocument();
    const project = projectStore.get();
    expect(project.product).toMatchObject({ name: 'Arctic Flask', offer: '2 for 1 today' });
    expect(project.scripts?.[project.chosen]?.hook).toBe('testimonial');
  });
});
