import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { SchemaCache } from './catalog';

/** A pool whose catalog query fails with `failures` first (as a DROP racing the read does), then answers an empty schema. */
function pool(failures: Error[]) {
  let catalogQueries = 0;
  const query = async (sql: string) => {
    if (sql.includes('pg_namespace where nspname')) return { rows: [{ oid: 2200 }] };
    catalogQueries++;
    const failure = failures.shift();
    if (failure) throw failure;
    return { rows: [{ catalog: JSON.stringify({ relations: [], columns: [], constraints: [], viewUsage: [], functions: [] }) }] };
  };
  return { pool: { query } as unknown as pg.Pool, catalogQueries: () => catalogQueries };
}

const dropped = () => Object.assign(new Error('relation "17699" does not exist'), { code: '42P01' });

describe('SchemaCache', () => {
  it('reads the catalog again when a table was dropped while it was read', async () => {
    const fake = pool([dropped(), dropped()]);
    const catalog = await new SchemaCache(fake.pool).get();
    expect(catalog.tables.size).toBe(0);
    expect(fake.catalogQueries()).toBe(3);
  });

  it('gives up after a few tries, and on any other error at once', async () => {
    const racing = pool([dropped(), dropped(), dropped(), dropped()]);
    await expect(new SchemaCache(racing.pool).get()).rejects.toThrow(/does not exist/);
    expect(racing.catalogQueries()).toBe(4);

    const other = pool([Object.assign(new Error('permission denied for table x'), { code: '42501' })]);
    await expect(new SchemaCache(other.pool).get()).rejects.toThrow(/permission denied/);
    expect(other.catalogQueries()).toBe(1);
  });
});
