import { Star } from 'lucide-react';
import { TESTIMONIALS, type Testimonial } from '../lib/content';
import { SectionHeading } from './section-heading';

const initials = (name: string) =>
  name
    .split(' ')
    .map((p) => p[0])
    .join('')
    .slice(0, 2);

/** Initials on a soft gradient: no external image, no layout shift. */
function InitialsAvatar({ t }: { t: Testimonial }) {
  return (
    <svg viewBox="0 0 48 48" className="size-12 shrink-0" role="img" aria-label={`${t.name}'s avatar`}>
      <defs>
        <linearGradient id={`av-${t.hue}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`oklch(0.72 0.14 ${t.hue})`} />
          <stop offset="1" stopColor={`oklch(0.5 0.16 ${t.hue + 30})`} />
        </linearGradient>
      </defs>
      <circle cx="24" cy="24" r="24" fill={`url(#av-${t.hue})`} />
      <text x="24" y="29.5" textAnchor="middle" fontSize="16" fontWeight="600" fill="#fff" fontFamily="inherit">
        {initials(t.name)}
      </text>
    </svg>
  );
}

export function TestimonialsSection() {
  return (
    <section id="testimonials" tabIndex={-1} aria-labelledby="testimonials-title" className="below-fold container scroll-mt-16 py-20 outline-none">
      <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="Loved by sellers and creators">
        Small teams use Shotcraft to look like big brands.
      </SectionHeading>
      <ul className="grid gap-6 lg:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col gap-5 rounded-2xl border bg-card p-6 shadow-xs">
              <div className="flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: t.rating }, (_, i) => (
                  <Star key={i} className="size-4 fill-highlight text-highlight" aria-hidden />
                ))}
              </div>
              <blockquote className="flex-1 text-base leading-relaxed">&ldquo;{t.quote}&rdquo;</blockquote>
              <figcaption className="flex items-center gap-3">
                <InitialsAvatar t={t} />
                <div>
                  <p className="font-semibold">{t.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {t.role}, {t.company}
                  </p>
                </div>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
