import { STATS } from '../lib/content';

export function StatsRow() {
  return (
    <section aria-label="Shotcraft in numbers" className="container pb-16">
      <dl className="grid grid-cols-2 overflow-hidden rounded-2xl border bg-card shadow-xs lg:grid-cols-4">
        {STATS.map((s, i) => (
          <div key={s.label} className={`flex flex-col-reverse items-center gap-1 px-4 py-6 text-center ${i % 2 ? 'border-l' : ''} ${i >= 2 ? 'border-t lg:border-t-0' : ''} ${i === 2 ? 'lg:border-l' : ''}`}>
            <dt className="text-sm text-muted-foreground">{s.label}</dt>
            <dd className="text-3xl font-semibold tracking-tight sm:text-4xl">{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
