import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AppError, handleError } from '@/lib/errors';
import { invokeFunction } from '@/lib/invoke-function';
import { detectImageKind, readHead } from '@/domains/jobs/image-file';
import { profileKeys, updateProfile, type ProfileEdit } from '@/domains/profile/api';
import { AVATAR_LARGE, AVATAR_SMALL, avatarName } from '@/domains/profile/avatar';
import { authCallbackUrl } from '@/lib/auth/callback-url';
import { supabase } from '@/lib/supabase';

export const AVATAR_BUCKET = 'avatars';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_KINDS = new Set(['jpeg', 'png', 'webp']);

const CANNOT_PREPARE = 'Your browser could not prepare the photo. Please try another browser.';

/** A square, centred crop of `source` (width × height) drawn at `size` px. */
function squareCanvas(source: CanvasImageSource, width: number, height: number, size: number): HTMLCanvasElement {
  const side = Math.min(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new AppError('unknown', CANNOT_PREPARE);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, (width - side) / 2, (height - side) / 2, side, side, 0, 0, size, size);
  return canvas;
}

/** The canvas as WebP, PNG where the browser cannot write WebP. */
async function encode(canvas: HTMLCanvasElement): Promise<Blob> {
  const blob = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.86));
  const webp = await blob('image/webp');
  if (webp?.type === 'image/webp') return webp;
  const png = await blob('image/png');
  if (!png) throw new AppError('unknown', CANNOT_PREPARE);
  return png;
}

/**
 * Uploads a new avatar into the user's own folder and points the profile at it; the previous
 * files are removed afterwards. The file's first bytes decide what it is (a renamed text file is
 * refused here; the bucket also refuses other types and anything over 5 MB). What is stored is
 * not the original: a square crop at 256 px and at 64 px (src/domains/profile/avatar.ts), so a 5 MB
 * photo costs the header a few kilobytes.
 */
export async function uploadAvatar(userId: string, file: File): Promise<string> {
  if (file.size > AVATAR_MAX_BYTES) throw new AppError('validation', 'Choose an image of 5 MB or less.');
  const kind = detectImageKind(await readHead(file, 16));
  if (!kind || !AVATAR_KINDS.has(kind)) throw new AppError('validation', 'Choose a JPEG, PNG or WebP image.');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new AppError('validation', 'This image could not be read. Choose another JPEG, PNG or WebP image.');
  }
  // The original is resampled once; the small copy is drawn from the large one.
  let largeCanvas: HTMLCanvasElement;
  try {
    largeCanvas = squareCanvas(bitmap, bitmap.width, bitmap.height, AVATAR_LARGE);
  } finally {
    bitmap.close();
  }
  const large = await encode(largeCanvas);
  const small = await encode(squareCanvas(largeCanvas, AVATAR_LARGE, AVATAR_LARGE, AVATAR_SMALL));
  const ext = large.type === 'image/webp' ? 'webp' : 'png';
  const client = supabase();
  const bucket = client.storage.from(AVATAR_BUCKET);
  const path = `${userId}/avatar-${Date.now()}-${AVATAR_LARGE}.${ext}`;
  const smallPath = avatarName(path, AVATAR_SMALL);
  for (const [name, bytes] of [[path, large], [smallPath, small]] as const) {
    const upload = await bucket.upload(name, bytes, { contentType: bytes.type, upsert: false, cacheControl: '31536000' });
    if (upload.error) {
      if (name === smallPath) await bucket.remove([path]);
      handleError(upload.error, 'Failed to upload image');
    }
  }
  const url = bucket.getPublicUrl(path).data.publicUrl;
  const saved = await client.from('profiles').update({ avatar_url: url }).eq('user_id', userId);
  if (saved.error) {
    await bucket.remove([path, smallPath]);
    handleError(saved.error, 'Failed to update profile');
  }
  await removeAvatarFiles(userId, [path, smallPath]);
  return url;
}

export async function removeAvatar(userId: string): Promise<void> {
  const saved = await supabase().from('profiles').update({ avatar_url: null }).eq('user_id', userId);
  if (saved.error) handleError(saved.error, 'Failed to update profile');
  await removeAvatarFiles(userId);
}

/** Best effort: the user's avatar files other than those to `keep`. */
async function removeAvatarFiles(userId: string, keep: string[] = []): Promise<void> {
  const bucket = supabase().storage.from(AVATAR_BUCKET);
  const { data } = await bucket.list(userId, { limit: 100 });
  const stale = (data ?? []).map((o) => `${userId}/${o.name}`).filter((p) => !keep.includes(p));
  if (stale.length) await bucket.remove(stale);
}

/**
 * Asks for an e-mail change: the new address gets a confirmation link, and the change happens
 * only when it is opened (it brings the user back to this tab).
 */
export async function requestEmailChange(email: string): Promise<void> {
  const { error } = await supabase().auth.updateUser({ email: email.trim() }, { emailRedirectTo: authCallbackUrl('/settings?tab=profile') });
  if (error) handleError(error, 'Your e-mail address could not be changed. Please try again.');
}

export const accountKeys = {
  all: ['account'] as const,
  signInMethods: () => [...accountKeys.all, 'sign-in-methods'] as const,
};

/**
 * Whether the user signs in with a password (an e-mail identity), so a change must name the
 * current one; someone who only ever used Google sets a first password without it. Read from the
 * session's user (no request); true when the session does not say.
 */
export async function hasPasswordSignIn(): Promise<boolean> {
  const { data, error } = await supabase().auth.getSession();
  if (error) handleError(error);
  const identities = data.session?.user.identities;
  return identities ? identities.some((identity) => identity.provider === 'email') : true;
}

export const signInMethodsQuery = () => queryOptions({ queryKey: accountKeys.signInMethods(), queryFn: hasPasswordSignIn, staleTime: 5 * 60_000 });

export const useHasPasswordSignIn = () => useQuery(signInMethodsQuery());

/** The field a refused change is about, so the form can show the error under it. */
export type PasswordChangeField = 'current' | 'password';

export class PasswordChangeError extends AppError {
  constructor(
    readonly field: PasswordChangeField,
    message: string,
    cause: unknown,
  ) {
    super('validation', message, { cause });
  }
}

/**
 * Sets a new password. The auth server asks for the current one (GoTrue's
 * require-current-password setting), except in a session opened by a reset link; a wrong or
 * missing one changes nothing. The server also ends the user's other sessions.
 */
export async function changePassword({ currentPassword, password }: { currentPassword: string; password: string }): Promise<void> {
  const { error } = await supabase().auth.updateUser({ password, ...(currentPassword ? { current_password: currentPassword } : {}) });
  if (!error) return;
  if (error.code === 'current_password_invalid') throw new PasswordChangeError('current', 'Your current password is not correct.', error);
  if (error.code === 'current_password_required') throw new PasswordChangeError('current', 'Enter your current password.', error);
  if (error.code === 'same_password' || error.code === 'weak_password') throw new PasswordChangeError('password', error.message, error);
  handleError(error, 'Your password could not be changed. Please try again.');
}

/** Ends every session of the user but this one (their other browsers and devices). */
export async function signOutOtherSessions(): Promise<void> {
  const { error } = await supabase().auth.signOut({ scope: 'others' });
  if (error) handleError(error, 'The other sessions could not be signed out. Please try again.');
}

/** Closes the account (the delete-account function), then forgets the session here. */
export async function deleteAccount(confirmEmail: string): Promise<void> {
  await invokeFunction<{ success: true }>('delete-account', { confirm_email: confirmEmail }, 'Your account could not be deleted. Please try again.');
  await supabase().auth.signOut({ scope: 'local' });
}

/** Saves the profile form; the profile is read again before the mutation settles. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ProfileEdit) => updateProfile(userId, edit),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(userId, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useRemoveAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeAvatar(userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useSignOutOtherSessions() {
  return useMutation({ mutationFn: signOutOtherSessions });
}

/**
 * `onDeleted` is the mutation's own callback, not `mutate`'s: signing out can take the screen
 * away before a `mutate` callback would run, and the user must still be told and sent home.
 */
export function useDeleteAccount(onDeleted: () => void) {
  return useMutation({ mutationFn: deleteAccount, onSuccess: onDeleted });
}
