import { ArrowRight, CircleCheck, CircleX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { startPath } from '@/config/paths';
import { PROBLEMS, SOLUTIONS } from '../lib/content';

function Column({ tone, title, items }: { tone: 'problem' | 'solution'; title: string; items: readonly { title: string; text: string }[] }) {
  const Icon = tone === 'problem' ? CircleX : CircleCheck;
  return (
    <div className={`rounded-2xl border p-6 sm:p-8 ${tone === 'solution' ? 'border-primary/30 bg-accent/40' : 'bg-card'}`}>
      <h3 className="mb-6 text-xl font-semibold">{title}</h3>
      <ul className="flex flex-col gap-5">
        {items.map((item) => (
          <li key={item.title} className="flex gap-3">
            <Icon className={`mt-0.5 size-5 shrink-0 ${tone === 'problem' ? 'text-destructive' : 'text-success'}`} aria-hidden />
            <div>
              <p className="font-medium">{item.title}</p>
              <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ProblemsSolutions({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="problems-title" className="below-fold container py-20">
      <div className="mx-auto mb-12 flex max-w-2xl flex-col items-center gap-3 text-center">
        <p className="text-xs font-semibold tracking-[0.18em] text-primary uppercase">Why Shotcraft</p>
        <h2 id="problems-title" className="text-3xl font-semibold sm:text-4xl">
          Great product content shouldn&apos;t cost a photo studio
        </h2>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Column tone="problem" title="The old way" items={PROBLEMS} />
        <Column tone="solution" title="With Shotcraft" items={SOLUTIONS} />
      </div>
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg">
          <Link to={startPath(signedIn)}>
            Start Saving Now <ArrowRight aria-hidden />
          </Link>
        </Button>
      </div>
    </section>
  );
}
