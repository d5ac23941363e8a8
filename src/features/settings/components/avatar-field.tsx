import { useRef } from 'react';
import { toast } from 'sonner';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { toAppError } from '@/lib/errors';
import type { Profile } from '@/domains/profile/api';
import { userInitials } from '@/domains/profile/email-name';
import { useRemoveAvatar, useUploadAvatar } from '../api/account';

/** The picture beside the name: JPEG, PNG or WebP up to 5 MB; initials when there is none. */
export function AvatarField({ userId, profile }: { userId: string; profile: Profile }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar(userId);
  const remove = useRemoveAvatar(userId);
  const busy = upload.isPending || remove.isPending;
  const uploadPhoto = (file: File) =>
    upload.mutate(file, {
      onSuccess: () => toast.success('Profile photo updated'),
      onError: (error) => toast.error('Failed to upload image', { description: toAppError(error).message }),
    });
  const removePhoto = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast.success('Profile photo removed'),
      onError: (error) => toast.error('Failed to update profile', { description: toAppError(error).message }),
    });

  return (
    <div className="flex flex-wrap items-center gap-4">
      <Avatar className="size-16">
        {profile.avatarUrl && <AvatarImage src={profile.avatarUrl} alt="Your profile photo" />}
        <AvatarFallback className="bg-primary/15 text-lg font-semibold text-primary">{userInitials(profile.fullName ?? undefined, profile.email ?? '')}</AvatarFallback>
      </Avatar>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
            {upload.isPending ? 'Uploading...' : profile.avatarUrl ? 'Change photo' : 'Upload photo'}
          </Button>
          {profile.avatarUrl && (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={removePhoto}>
              Remove
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">JPEG, PNG or WebP, up to 5 MB.</p>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-label="Profile photo file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) uploadPhoto(file);
        }}
      />
    </div>
  );
}
