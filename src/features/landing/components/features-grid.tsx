import { BarChart3, Camera, Film, Library, RotateCw, Share2, Target, Wand2, type LucideIcon } from 'lucide-react';
import { FEATURES, type FeatureIcon } from '../lib/content';
import { SectionHeading } from './section-heading';

const ICONS: Record<FeatureIcon, LucideIcon> = {
  camera: Camera,
  wand: Wand2,
  rotate: RotateCw,
  film: Film,
  target: Target,
  library: Library,
  share: Share2,
  chart: BarChart3,
};

export function FeaturesGrid() {
  return (
    <section id="features" tabIndex={-1} aria-labelledby="features-title" className="below-fold scroll-mt-16 bg-muted/40 py-20 outline-none">
      <div className="container">
        <SectionHeading id="features-title" eyebrow="Features" title="Everything you need to sell online">
          Eight studios and tools in one place, paid for with one credit balance.
        </SectionHeading>
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon, title, text }) => {
            const Icon = ICONS[icon];
            return (
              <li key={title} className="group rounded-2xl border bg-card p-6 shadow-xs transition-shadow hover:shadow-md">
                <span className="mb-5 grid size-11 place-items-center rounded-xl bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
