import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLAN_STUDIOS, planIncludes, planRequiredMessage, planStudiosLine, pricingFeatures, requiredPlan, STUDIO_NAMES, studioPlans, trialStudiosLine } from './plan-studios';
import { STUDIO_KEYS } from '@shotcraft/shared/jobs/contract.ts';

const MIGRATION = path.resolve(__dirname, '../../../supabase/migrations/20261128000100_plan_studios.sql');

/** The (plan, studio) rows the migration inserts into plan_studios. */
function migrationRows(): string[] {
  const sql = fs.readFileSync(MIGRATION, 'utf8');
  const insert = /insert into public\.plan_studios \(plan, studio\) values([\s\S]*?);/.exec(sql);
  if (!insert) throw new Error('the migration no longer inserts plan_studios rows');
  return [...insert[1]!.matchAll(/\('([a-z]+)', '([a-z_0-9]+)'\)/g)].map((m) => `${m[1]}:${m[2]}`).sort();
}

describe('PLAN_STUDIOS', () => {
  it('is the plan_studios table the migration creates, row for row', () => {
    const mirror = Object.entries(PLAN_STUDIOS).flatMap(([plan, studios]) => studios.map((s) => `${plan}:${s}`)).sort();
    expect(mirror).toEqual(migrationRows());
  });

  it('names every studio of the job contract', () => {
    expect(Object.keys(STUDIO_NAMES).sort()).toEqual([...STUDIO_KEYS].sort());
  });

  it('lets a trial try every studio, Starter Lightbox only, Professional the image studios and 360°', () => {
    for (const studio of STUDIO_KEYS) expect(planIncludes('trial', studio)).toBe(true);
    expect(STUDIO_KEYS.filter((s) => planIncludes('starter', s))).toEqual(['lightbox']);
    expect(STUDIO_KEYS.filter((s) => planIncludes('professional', s))).toEqual(['lightbox', 'refine_image', 'spin360']);
    expect(planIncludes(undefined, 'lightbox')).toBe(false);
  });
});

describe('the words', () => {
  it("names the plan that unlocks a studio as start_job's refusal does", () => {
    expect(requiredPlan('lightbox')).toBe('starter');
    expect(requiredPlan('spin360')).toBe('professional');
    expect(planRequiredMessage('ugc')).toBe('UGC Video Creator is part of the Enterprise plan. Upgrade to use it.');
    expect(planRequiredMessage('refine_image')).toBe('Refine Image is part of the Professional plan. Upgrade to use it.');
  });

  it("writes each pricing card's studios line from the table", () => {
    expect(planStudiosLine('starter')).toBe('Lightbox studio');
    expect(planStudiosLine('professional')).toBe('Lightbox, Refine Image and 360° Videos studios');
    expect(planStudiosLine('enterprise')).toBe('Every studio: Lightbox, Refine Image, 360° Videos, UGC Video Creator and Competitor Ad Analyzer');
  });

  it('puts the studios line first on a pricing card and keeps the other features', () => {
    expect(pricingFeatures('starter', ['199 credits every month'])).toEqual(['Lightbox studio', '199 credits every month']);
    expect(pricingFeatures('custom', ['x'])).toEqual(['x']);
  });

  it('says in How it works which plans include each studio, and what a trial may try', () => {
    expect(studioPlans('lightbox')).toBe('Every plan');
    expect(studioPlans('refine_image')).toBe('Professional and Enterprise');
    expect(studioPlans('competitor_ad')).toBe('Enterprise');
    expect(trialStudiosLine()).toBe('A trial account may try every studio with its free credits.');
  });
});
