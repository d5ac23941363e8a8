import { lazy } from 'react';
import { LandingPage } from '@/features/landing/components/landing-page';

// Its own chunk (with supabase-js): the landing mounts it only when the examples come near.
const ExamplesCarousel = lazy(() => import('@/features/carousel/components/examples-carousel'));

export default function LandingRoute() {
  return <LandingPage carousel={<ExamplesCarousel />} />;
}
