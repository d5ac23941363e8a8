import { UGC_LIMITS, ugcProductSchema, ugcScriptSchema, type UgcProduct, type UgcScript } from '@shotcraft/shared/jobs/studios/ugc.ts';
import type { ProductErrors } from './components/product-step';
import type { UgcProject } from './store';

/** The product as the scripts and the worker need it, or what to fix, field by field. */
export function checkProduct(project: UgcProject): { ok: true; product: UgcProduct } | { ok: false; errors: ProductErrors } {
  const parsed = ugcProductSchema.safeParse(project.product);
  const errors: ProductErrors = {};
  if (project.photos.length < UGC_LIMITS.minPhotos) errors.photos = 'Add at least one product photo';
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as keyof ProductErrors] ??= issue.message;
  return parsed.success && !errors.photos ? { ok: true, product: parsed.data } : { ok: false, errors };
}

/** The chosen script, checked: the first problem in words a user can act on, or the script. */
export function checkScript(script: UgcScript | undefined): { ok: true; script: UgcScript } | { ok: false; message: string } {
  const parsed = ugcScriptSchema.safeParse(script);
  if (parsed.success) return { ok: true, script: parsed.data };
  const issue = parsed.error.issues[0]!;
  const scene = issue.path[0] === 'scenes' && typeof issue.path[1] === 'number' ? `Scene ${issue.path[1] + 1}: ` : '';
  return { ok: false, message: `${scene}${issue.message}` };
}
