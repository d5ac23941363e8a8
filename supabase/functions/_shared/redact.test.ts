import { describe, expect, it } from 'vitest';
import { describeError, redactUrls } from './redact.ts';

describe('errors without URL queries', () => {
  it('keeps where a call went but never its query (tokens ride in some)', () => {
    const failed = new TypeError('error sending request for url (https://graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token=IGQVJ-secret): connection refused');
    const said = describeError(failed);
    expect(said).toContain('https://graph.instagram.com/refresh_access_token?…');
    expect(said).not.toContain('IGQVJ-secret');
    expect(said).toMatch(/^TypeError: /);
  });

  it('redacts every URL in a text, signed storage links included, and what caused an error', () => {
    const text = 'fetch http://127.0.0.1:54321/storage/v1/object/sign/videos/u/a.mp4?token=eyJhbGciOi.x.y failed; see https://example.com/a';
    expect(redactUrls(text)).toBe('fetch http://127.0.0.1:54321/storage/v1/object/sign/videos/u/a.mp4?… failed; see https://example.com/a');
    const wrapped = new Error('X could not be reached', { cause: new Error('GET https://api.x.com/2/users/me?oauth_token=abc timed out') });
    expect(describeError(wrapped)).not.toContain('oauth_token=abc');
  });
});
