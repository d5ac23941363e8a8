import type { ReactNode } from 'react';

/** A part of a page named by its own h2 (the dashboard's Your Credits, the credit packs): the section is labelled by it. */
export function PageSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
