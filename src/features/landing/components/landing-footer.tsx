import { Link } from 'react-router-dom';
import { BrandLogo } from '@/components/layout/brand-logo';
import { BRAND } from '@/config/brand';
import { FOOTER_GROUPS } from '../lib/content';
import { SectionLink } from './section-link';

const linkClass = 'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

function FooterLink({ label, href }: { label: string; href: string }) {
  if (href.startsWith('#')) {
    return (
      <SectionLink section={href.slice(1)} className={linkClass}>
        {label}
      </SectionLink>
    );
  }
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={linkClass}>
        {label}
      </Link>
    );
  }
  return (
    <a href={href} className={linkClass}>
      {label}
    </a>
  );
}

export function LandingFooter() {
  return (
    <footer className="below-fold border-t">
      <div className="container grid gap-10 py-14 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="flex max-w-xs flex-col gap-4">
          <BrandLogo withTagline />
          <p className="text-sm text-muted-foreground">{BRAND.description}</p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="mb-4 text-sm font-semibold">{group.title}</h2>
            <ul className="flex flex-col gap-3">
              {group.links.map((l) => (
                <li key={l.label}>
                  <FooterLink {...l} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        <p className="container py-6 text-sm text-muted-foreground">
          © {new Date().getFullYear()} {BRAND.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
