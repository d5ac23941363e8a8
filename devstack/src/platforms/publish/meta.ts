/** Pieces Instagram and Facebook share: the Graph API's error body and insights entries. */
import type { Reply } from '../http.js';

export function graphError(status: number, code: number, message: string, more: { subcode?: number; title?: string; userMessage?: string; transient?: boolean } = {}): Reply {
  const error: Record<string, unknown> = { message, type: 'OAuthException', code };
  if (more.subcode !== undefined) error.error_subcode = more.subcode;
  error.is_transient = more.transient ?? false;
  if (more.title) error.error_user_title = more.title;
  if (more.userMessage) error.error_user_msg = more.userMessage;
  error.fbtrace_id = 'devstack';
  return { status, body: { error } };
}

/** The Graph API's answer for an id the token cannot see or an edge it does not have. */
export const unsupported = (id: string, verb: 'get' | 'post' = 'get') =>
  graphError(400, 100, `Unsupported ${verb} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`, { subcode: 33 });

export const missingParam = (name: string) => graphError(400, 100, `(#100) The parameter ${name} is required`);

export interface InsightDef {
  title: string;
  description: string;
}

export function insightEntry(objectId: string, name: string, period: string, def: InsightDef, value: number): Record<string, unknown> {
  return { name, period, values: [{ value }], title: def.title, description: def.description, id: `${objectId}/insights/${name}/${period}` };
}

export const truthy = (v: string | null) => v === 'true' || v === '1';
