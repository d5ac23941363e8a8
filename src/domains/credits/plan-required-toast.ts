import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { PAID_PLAN_NAMES, planRequiredMessage, requiredPlan } from './plan-studios';
import type { Studio } from './types';

/**
 * The answer to a studio the user's plan does not include (start_job's 'plan_required', or the
 * screen knowing it first): 'Upgrade to Enterprise' with the server's words and an Upgrade button
 * to Billing with that plan ready to subscribe to.
 */
export function toastPlanRequired(studio: Studio, navigate: (to: string) => unknown, message = planRequiredMessage(studio)) {
  const plan = requiredPlan(studio);
  toast.error(`Upgrade to ${PAID_PLAN_NAMES[plan]}`, {
    description: message,
    action: { label: 'Upgrade', onClick: () => void navigate(paths.billingPlan(plan)) },
  });
}
