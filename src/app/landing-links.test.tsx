import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '@/test/msw/server';
import { API } from '@/test/studio-handlers';
import { renderApp } from '@/test/render-app';

// The public data the linked screens read: empty is enough to show them.
beforeEach(() => {
  server.use(
    http.get(`${API}/rest/v1/studio_prices`, () => HttpResponse.json([])),
    http.post(`${API}/storage/v1/object/list/carousel`, () => HttpResponse.json([])),
  );
});

// Issue 33 #11: the footer's API, Docs, About, Blog and Careers went to "#".
const landingLinks = async () => {
  renderApp('/');
  await screen.findByRole('heading', { level: 1, name: /product photos in/i });
  const footer = await screen.findByRole('contentinfo');
  await waitFor(() => expect(footer.querySelectorAll('a').length).toBeGreaterThan(0));
  return [...document.querySelectorAll('a')].map((a) => ({ text: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' }));
};

describe('the landing page links only to what exists', { timeout: 60_000 }, () => {
  it('has no empty or bare "#" link, and every in-page anchor names a section of the page', async () => {
    const links = await landingLinks();
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((l) => l.href === '' || l.href === '#').map((l) => l.text)).toEqual([]);
    const missing = links.filter((l) => l.href.startsWith('#') && !document.getElementById(l.href.slice(1)));
    expect(missing.map((l) => `${l.text} → ${l.href}`)).toEqual([]);
  });

  it('sends every other link to a screen of the app (not the 404 page), an e-mail address or an https site', async () => {
    const links = await landingLinks();
    const outside = links.filter((l) => !l.href.startsWith('#') && !l.href.startsWith('/'));
    expect(outside.filter((l) => !/^(mailto:[^@\s]+@[^@\s]+|https:\/\/)/.test(l.href)).map((l) => `${l.text} → ${l.href}`)).toEqual([]);

    const internal = [...new Set(links.filter((l) => l.href.startsWith('/')).map((l) => l.href))];
    expect(internal).toEqual(expect.arrayContaining(['/signup', '/login', '/trial/lightbox', '/privacy', '/terms']));
    for (const href of internal) {
      cleanup();
      renderApp(href);
      // Every screen (the 404 page too) shows a heading once its chunk has loaded.
      await screen.findAllByRole('heading', {}, { timeout: 5000 });
      expect(screen.queryByText('Oops! Page not found'), href).not.toBeInTheDocument();
      const { hash } = new URL(href, 'http://app.test');
      if (hash) expect(document.getElementById(hash.slice(1)), href).not.toBeNull();
    }
  });
});
