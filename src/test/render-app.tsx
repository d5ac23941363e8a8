import { render } from '@testing-library/react';
import { App } from '@/app/app';

/** Renders the whole app (providers + routes) at `path`, as a user arriving at that URL. */
export function renderApp(path = '/') {
  window.history.pushState({}, '', path);
  return render(<App />);
}
