import { queryOptions, useQuery } from '@tanstack/react-query';
import { handleError } from '@/lib/errors';
import { supabase } from '@/lib/supabase';

/** The profile fields a user reads and edits (docs/spec.md §3); credits and plan live in the credit summary. */
export interface Profile {
  userId: string;
  email: string | null;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  company: string | null;
  role: string | null;
  teamSize: string | null;
  useCase: string | null;
  avatarUrl: string | null;
}

export type ProfileEdit = Pick<Profile, 'firstName' | 'lastName' | 'company' | 'role' | 'teamSize' | 'useCase'>;

export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
};

const COLUMNS = 'user_id, email, full_name, first_name, last_name, company, role, team_size, use_case, avatar_url';

interface ProfileRow {
  user_id: string;
  email: string | null;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  role: string | null;
  team_size: string | null;
  use_case: string | null;
  avatar_url: string | null;
}

const fromRow = (r: ProfileRow): Profile => ({
  userId: r.user_id,
  email: r.email,
  fullName: r.full_name,
  firstName: r.first_name,
  lastName: r.last_name,
  company: r.company,
  role: r.role,
  teamSize: r.team_size,
  useCase: r.use_case,
  avatarUrl: r.avatar_url,
});

export async function getProfile(): Promise<Profile> {
  const { data, error } = await supabase().from('profiles').select(COLUMNS).single();
  if (error) handleError(error, 'Failed to fetch user profile');
  return fromRow(data as ProfileRow);
}

/** '' → null, and surrounding spaces dropped: the profile stores no empty strings. */
const clean = (value: string | null) => (value?.trim() ? value.trim() : null);

/** The column holds 200 characters; two names of 100 each (the fields' limit) and a space make 201. */
const FULL_NAME_MAX = 200;

/** 'Ada Lovelace' from its parts, within the column's 200 characters; null when there are none. */
export function fullNameOf(firstName: string | null, lastName: string | null): string | null {
  return [firstName, lastName].filter(Boolean).join(' ').slice(0, FULL_NAME_MAX).trim() || null;
}

/**
 * Saves the editable fields. The full name is derived from first and last, and mirrored into the
 * auth user's metadata, where the header reads the signed-in user's name.
 */
export async function updateProfile(userId: string, edit: ProfileEdit): Promise<void> {
  const firstName = clean(edit.firstName);
  const lastName = clean(edit.lastName);
  const fullName = fullNameOf(firstName, lastName);
  const client = supabase();
  const { error } = await client
    .from('profiles')
    .update({
      first_name: firstName,
      last_name: lastName,
      full_name: fullName,
      company: clean(edit.company),
      role: clean(edit.role),
      team_size: clean(edit.teamSize),
      use_case: clean(edit.useCase),
    })
    .eq('user_id', userId);
  if (error) handleError(error, 'Failed to update profile');
  const metadata = await client.auth.updateUser({ data: { full_name: fullName, first_name: firstName, last_name: lastName } });
  if (metadata.error) handleError(metadata.error, 'Failed to update profile');
}

export const profileQuery = () => queryOptions({ queryKey: profileKeys.me(), queryFn: getProfile, staleTime: 60_000 });

/** `quiet`: a failure leaves the data empty instead of reaching the route's error boundary (the header's photo). */
export function useProfile(options: { enabled?: boolean; quiet?: boolean } = {}) {
  return useQuery({ ...profileQuery(), enabled: options.enabled ?? true, ...(options.quiet ? { throwOnError: false, retry: false } : {}) });
}
