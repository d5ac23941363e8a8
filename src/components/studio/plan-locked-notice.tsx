import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { PLAN_LABELS } from '@/domains/credits/plans';
import { PAID_PLAN_NAMES, PLAN_STUDIOS, planStudiosLine, requiredPlan, STUDIO_NAMES } from '@/domains/credits/plan-studios';
import type { Plan, Studio } from '@/domains/credits/types';

/**
 * What a studio shows instead of its form when the user's plan does not include it (plan_studios):
 * the plan that unlocks it and the way there, rather than a run button that start_job would refuse.
 */
export function PlanLockedNotice({ studio, plan }: { studio: Studio; plan: Plan }) {
  const needed = requiredPlan(studio);
  const name = STUDIO_NAMES[studio];
  const yours = PLAN_STUDIOS[plan].length ? planStudiosLine(plan) : 'no studio';
  return (
    <Card role="region" aria-labelledby="plan-locked-title" data-testid="plan-locked">
      <CardContent className="flex flex-col items-start gap-3">
        <h2 id="plan-locked-title" className="flex items-center gap-2 text-lg font-semibold">
          <Lock className="size-4 shrink-0 text-primary" aria-hidden />
          {name} is part of the {PAID_PLAN_NAMES[needed]} plan
        </h2>
        <p className="text-sm text-muted-foreground">
          Your {PLAN_LABELS[plan]} plan includes: {yours}. Upgrade to {PAID_PLAN_NAMES[needed]} to use {name}; what you made before stays in your library.
        </p>
        <Button asChild>
          <Link to={paths.billingPlan(needed)}>Upgrade to {PAID_PLAN_NAMES[needed]}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
