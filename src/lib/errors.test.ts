import { describe, expect, it } from 'vitest';
import { AppError, handleError, toAppError } from './errors';

describe('toAppError', () => {
  it('maps an RLS refusal from PostgREST to permission_denied and keeps the message', () => {
    const error = toAppError({ code: '42501', message: 'new row violates row-level security policy', details: null, hint: null });
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('permission_denied');
    expect(error.message).toBe('new row violates row-level security policy');
  });

  it('recognises our typed insufficient_credits error raised by start_job', () => {
    const error = toAppError({ code: 'P0001', message: 'Insufficient credits', details: 'insufficient_credits', hint: 'Cost 2, balance 1' });
    expect(error.code).toBe('insufficient_credits');
  });

  it('turns a failed fetch into a network error with an actionable message', () => {
    const error = toAppError(new TypeError('Failed to fetch'));
    expect(error.code).toBe('network');
    expect(error.message).toMatch(/could not reach the server/i);
  });

  it('maps storage status codes: 413 is a validation error, 404 not found', () => {
    expect(toAppError({ name: 'StorageApiError', status: 413, message: 'The object exceeded the maximum allowed size' }).code).toBe('validation');
    expect(toAppError({ name: 'StorageApiError', statusCode: '404', message: 'Object not found' }).code).toBe('not_found');
  });

  it('uses the fallback message when the source has none', () => {
    expect(toAppError({}, 'Failed to fetch user profile').message).toBe('Failed to fetch user profile');
    expect(toAppError('boom').code).toBe('unknown');
  });

  it('handleError throws the mapped error', () => {
    expect(() => handleError({ code: 'PGRST116', message: 'JSON object requested, multiple (or no) rows returned' })).toThrowError(
      expect.objectContaining({ code: 'not_found' }),
    );
  });
});
