import { describe, expect, it } from 'vitest';
import { avatarName, smallAvatarUrl } from './avatar';

describe('smallAvatarUrl', () => {
  it('points at the 64 px file beside a 256 px one, keeping the query', () => {
    expect(smallAvatarUrl('http://127.0.0.1:54321/storage/v1/object/public/avatars/u1/avatar-17-256.webp')).toBe('http://127.0.0.1:54321/storage/v1/object/public/avatars/u1/avatar-17-64.webp');
    expect(smallAvatarUrl('https://x.supabase.co/storage/v1/object/public/avatars/u1/avatar-17-256.png?v=2')).toBe('https://x.supabase.co/storage/v1/object/public/avatars/u1/avatar-17-64.png?v=2');
  });

  it('uses a photo stored before the two sizes as it is, and nothing as nothing', () => {
    expect(smallAvatarUrl('http://h/avatars/u1/avatar-17.jpg')).toBe('http://h/avatars/u1/avatar-17.jpg');
    expect(smallAvatarUrl('http://h/avatars/u1/avatar-256-17.jpg')).toBe('http://h/avatars/u1/avatar-256-17.jpg');
    expect(smallAvatarUrl(null)).toBeNull();
  });

  it('names the small file from the large one', () => {
    expect(avatarName('u1/avatar-17-256.webp', 64)).toBe('u1/avatar-17-64.webp');
  });
});
