// Written by scripts/make-showcase.ts: what the studios made for the landing page. Do not edit.
import type { Showcase } from './showcase';

export const SHOWCASE: Showcase = {
  "stills": [
    {
      "studio": "Lightbox Studio",
      "title": "Blue mug → Amazon main image",
      "before": "/showcase/lightbox-mug-before.webp",
      "after": "/showcase/lightbox-mug-after.webp"
    },
    {
      "studio": "Lightbox Studio",
      "title": "Kitchen-table snap → warm marble for Instagram",
      "before": "/showcase/lightbox-bottle-before.webp",
      "after": "/showcase/lightbox-bottle-after.webp"
    },
    {
      "studio": "Refine Image",
      "title": "Warm phone photo → Color Correction",
      "before": "/showcase/refine-mug-before.webp",
      "after": "/showcase/refine-mug-after.webp"
    }
  ],
  "videos": [
    {
      "studio": "UGC Video Creator",
      "slug": "blue-mug-video-ad",
      "file": "/showcase/blue-mug-video-ad.mp4",
      "poster": "/showcase/blue-mug-video-ad.jpg"
    },
    {
      "studio": "UGC Video Creator",
      "slug": "herb-tonic-video-ad",
      "file": "/showcase/herb-tonic-video-ad.mp4",
      "poster": "/showcase/herb-tonic-video-ad.jpg"
    },
    {
      "studio": "UGC Video Creator",
      "slug": "marble-water-bottle-video-ad",
      "file": "/showcase/marble-water-bottle-video-ad.mp4",
      "poster": "/showcase/marble-water-bottle-video-ad.jpg"
    },
    {
      "studio": "UGC Video Creator",
      "slug": "studio-mug-video-ad",
      "file": "/showcase/studio-mug-video-ad.mp4",
      "poster": "/showcase/studio-mug-video-ad.jpg"
    },
    {
      "studio": "UGC Video Creator",
      "slug": "travel-bottle-video-ad",
      "file": "/showcase/travel-bottle-video-ad.mp4",
      "poster": "/showcase/travel-bottle-video-ad.jpg"
    },
    {
      "studio": "360° Spin Studio",
      "slug": "gift-box-360-spin",
      "file": "/showcase/gift-box-360-spin.mp4",
      "poster": "/showcase/gift-box-360-spin.jpg"
    }
  ]
};
