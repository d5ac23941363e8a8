import { Camera, Clapperboard, RotateCw, ScanSearch, Wand2, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { studioPlans, trialStudiosLine } from '@/domains/credits/plan-studios';
import { formatCredits, priceOf } from '@/domains/credits/prices';
import { useStudioPrices } from '@/domains/credits/api';
import type { Studio } from '@/domains/credits/types';
import { SPIN_LIMITS } from '@shotcraft/shared/jobs/studios/spin360.ts';

interface Guide {
  studio: Studio;
  name: string;
  icon: LucideIcon;
  input: string;
  output: string;
  to: string;
  /** Where a visitor without an account can try it. */
  tryTo?: string;
  /** A second price worth knowing (e.g. AI Upscaling). */
  preset?: { id: string; label: string };
}

const GUIDES: Guide[] = [
  {
    studio: 'lightbox',
    name: 'Lightbox Studio',
    icon: Camera,
    input: 'A product photo (JPEG, PNG, WebP, GIF or BMP, up to 50 MB), its name, a marketplace and a backdrop.',
    output: 'A catalogue photo: the product cut out, centred and lit on white or a backdrop you describe, at the marketplace’s size (Amazon, Shopify, Etsy, Instagram, Pinterest).',
    to: paths.dashboard.lightbox,
    tryTo: paths.trialLightbox,
  },
  {
    studio: 'refine_image',
    name: 'Refine Image',
    icon: Wand2,
    input: 'A photo and what it needs: colour correction, general enhancement, sharpness, a cleaner background, or upscaling.',
    output: 'The refined photo beside the original, with a slider to compare them.',
    to: paths.dashboard.refineImage,
    preset: { id: 'upscale', label: 'AI Upscaling' },
  },
  {
    studio: 'spin360',
    name: '360° Spin',
    icon: RotateCw,
    input: `Photos taken around the product (${SPIN_LIMITS.minFrames} to ${SPIN_LIMITS.maxFrames}), or a short turntable video.`,
    output: 'An MP4 spin, a looping GIF or WebP, and an interactive viewer you can share by link.',
    to: paths.dashboard.spin360,
  },
  {
    studio: 'ugc',
    name: 'UGC Video Creator',
    icon: Clapperboard,
    input: 'Your product’s photos and name, a hook, and a script written for you (or by you).',
    output: 'A vertical video ad with voice-over and captions, previewed free before you render it.',
    to: paths.dashboard.ugcStudio,
    tryTo: paths.create,
  },
  {
    studio: 'competitor_ad',
    name: 'Competitor Ad Analyzer',
    icon: ScanSearch,
    input: 'A competitor’s ad: an image or video file, or its public URL.',
    output: 'What the ad says and how (headline, offer, call to action, colours, layout), a score, and variations of it made with your product.',
    to: paths.dashboard.competitorAdAnalyzer,
    tryTo: paths.competitorAnalyzer,
  },
];

/** docs/spec.md §2 How it works: each studio, its real price (studio_prices), what goes in and out. */
export function HowItWorksTab({ signedIn }: { signedIn: boolean }) {
  const prices = useStudioPrices();
  const price = (studio: Studio, preset?: string) => {
    const credits = prices.data ? priceOf(prices.data, studio, preset) : undefined;
    return credits === undefined ? null : formatCredits(credits);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <Card>
        <CardHeader>
          <CardTitle>How Shotcraft works</CardTitle>
          <CardDescription>
            Upload a product photo, pick a studio, and get marketing media back in your library. Every run costs credits, shown before you start; a run that fails is refunded
            automatically. New accounts start with 5 free credits. {trialStudiosLine()} Each studio below says which plans include it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <figure className="grid grid-cols-2 gap-3">
            <img src="/samples/lightbox-before.webp" alt="Before: a mug on a kitchen table, taken with a phone" className="aspect-square w-full rounded-lg border object-cover" loading="lazy" />
            <img src="/samples/lightbox-after.webp" alt="After: the same mug cut out on white, sized for Amazon" className="aspect-square w-full rounded-lg border object-cover" loading="lazy" />
            <figcaption className="col-span-2 text-sm text-muted-foreground">A phone photo in, a catalogue shot out: the Lightbox Studio.</figcaption>
          </figure>
        </CardContent>
      </Card>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Studios">
        {GUIDES.map((g) => (
          <li key={g.studio}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-start justify-between gap-3">
                  <CardTitle className="flex items-center gap-2">
                    <g.icon className="size-5 text-primary" aria-hidden /> {g.name}
                  </CardTitle>
                  <Badge variant="secondary" aria-label={`Price: ${price(g.studio) ?? 'loading'}`}>
                    {price(g.studio) ?? '…'}
                  </Badge>
                </div>
              </CardHeader>
              <CardContent className="grid gap-3 text-sm">
                <p>
                  <span className="font-medium">In: </span>
                  <span className="text-muted-foreground">{g.input}</span>
                </p>
                <p>
                  <span className="font-medium">Out: </span>
                  <span className="text-muted-foreground">{g.output}</span>
                </p>
                <p>
                  <span className="font-medium">Plans: </span>
                  <span className="text-muted-foreground">{studioPlans(g.studio)}</span>
                </p>
                {g.preset && price(g.studio, g.preset.id) && (
                  <p className="text-muted-foreground">
                    {g.preset.label}: {price(g.studio, g.preset.id)}
                  </p>
                )}
                <div className="flex flex-wrap gap-2 pt-1">
                  <Button asChild size="sm">
                    <Link to={signedIn ? g.to : paths.signup}>{signedIn ? `Open ${g.name}` : 'Sign up to use it'}</Link>
                  </Button>
                  {!signedIn && g.tryTo && (
                    <Button asChild size="sm" variant="outline">
                      <Link to={g.tryTo}>Try it free</Link>
                    </Button>
                  )}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
