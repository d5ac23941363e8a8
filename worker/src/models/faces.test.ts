import { describe, expect, it } from 'vitest';
import { detectFaces, warmFaces } from './faces';

describe('the face detector', () => {
  it('loads without taking over how the process handles uncaught errors (its WebAssembly glue adds rethrowing handlers)', async () => {
    const counts = () => [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')];
    const before = counts();
    await warmFaces();
    expect(counts()).toEqual(before);
  });

  it('finds no face in a flat grey picture', async () => {
    expect(await detectFaces(new Uint8Array(320 * 240 * 3).fill(128), 320, 240)).toEqual([]);
  });
});
