import type { ReactNode } from 'react';

export interface LegalSection {
  id?: string;
  title: string;
  body: ReactNode;
}

/** A readable legal page: title, effective date, numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="w-full max-w-3xl self-start">
      <header className="mb-10 border-b pb-8">
        <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Last updated <time dateTime={updated}>22 November 2026</time>
        </p>
        <div className="mt-6 text-base leading-relaxed text-muted-foreground">{intro}</div>
      </header>
      <ol className="flex flex-col gap-8">
        {sections.map((s, i) => (
          <li key={s.title} id={s.id} className="scroll-mt-20">
            <h2 className="text-lg font-semibold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-2 flex flex-col gap-3 leading-relaxed text-muted-foreground">{s.body}</div>
          </li>
        ))}
      </ol>
    </article>
  );
}
