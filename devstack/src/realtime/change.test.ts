import { describe, expect, it } from 'vitest';
import type { TableMeta } from './catalog.js';
import { buildData, filterRecord, parseNotification } from './change.js';

const meta = (over: Partial<TableMeta> = {}): TableMeta => ({
  schema: 'public',
  table: 'notes',
  qualified: 'public.notes',
  columns: [
    { name: 'id', type: 'int8', sqlType: 'bigint' },
    { name: 'user_id', type: 'uuid', sqlType: 'uuid' },
    { name: 'secret', type: 'text', sqlType: 'text' },
  ],
  pk: ['id'],
  replicaFull: false,
  rls: true,
  selectable: new Map([
    ['authenticated', new Set(['id', 'user_id'])],
    ['service_role', new Set(['id', 'user_id', 'secret'])],
  ]),
  ...over,
});

const note = (op: string, extra: Record<string, unknown> = {}) =>
  parseNotification(
    JSON.stringify({ s: 'public', t: 'notes', op, pk: { id: 1 }, opk: { id: 1 }, new: { id: 1, user_id: 'u', secret: 's' }, old: { id: 1, user_id: 'u', secret: 'old' }, ...extra }),
    new Date('2026-01-01T00:00:00Z'),
  )!;

describe('change payloads', () => {
  it('drops columns the role cannot select', () => {
    const data = buildData(note('INSERT', { old: null }), meta(), 'authenticated', null);
    expect(data).toEqual({
      schema: 'public',
      table: 'notes',
      commit_timestamp: '2026-01-01T00:00:00.000Z',
      type: 'INSERT',
      columns: [{ name: 'id', type: 'int8' }, { name: 'user_id', type: 'uuid' }],
      errors: null,
      record: { id: 1, user_id: 'u' },
    });
  });

  it('gives UPDATE the key as old record unless REPLICA IDENTITY FULL', () => {
    expect(buildData(note('UPDATE'), meta(), 'service_role', null).old_record).toEqual({ id: 1 });
    expect(buildData(note('UPDATE'), meta({ replicaFull: true }), 'service_role', null).old_record).toEqual({ id: 1, user_id: 'u', secret: 'old' });
  });

  it('cuts a DELETE old record to the key when RLS is on', () => {
    const del = note('DELETE', { new: null });
    expect(buildData(del, meta({ replicaFull: true }), 'service_role', null).old_record).toEqual({ id: 1 });
    expect(buildData(del, meta({ replicaFull: true, rls: false }), 'service_role', null).old_record).toEqual({ id: 1, user_id: 'u', secret: 'old' });
    expect(filterRecord(del, meta())).toEqual({ id: 1 });
    expect(filterRecord(del, meta({ replicaFull: true }))).toMatchObject({ user_id: 'u' });
  });

  it('keeps the key plus the selected columns', () => {
    const data = buildData(note('INSERT'), meta(), 'service_role', ['secret']);
    expect(data.record).toEqual({ id: 1, secret: 's' });
  });

  it('reports tables without a primary key as hosted does', () => {
    expect(buildData(note('INSERT'), meta({ pk: [] }), 'service_role', null)).toMatchObject({ errors: ['Error 400: Bad Request, no primary key'] });
  });
});
