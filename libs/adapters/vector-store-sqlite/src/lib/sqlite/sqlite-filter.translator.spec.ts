/**
 * The SQL translation of the portable filter keeps the port's reference semantics: every shared filter
 * case selects the same records from metadata JSON in SQLite as `matchesFilter` does, and keys with
 * quotes or backslashes stay one path step.
 */
import { openSqliteDatabase } from './sqlite-driver';
import { FILTER_CASES, FILTER_RECORDS } from '@kioku/testing-contracts';
import { matchesFilter, where, type Filter, type Metadata } from '@kioku/vector-store';
import { filterToSql } from './sqlite-filter.translator';

describe('filterToSql', () => {
  const db = openSqliteDatabase(':memory:');
  db.exec('CREATE TABLE documents (id TEXT PRIMARY KEY, metadata TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO documents (id, metadata) VALUES (?, ?)');
  const select = (filter: Filter, records: { id: string; metadata: Metadata }[]) => {
    db.exec('DELETE FROM documents');
    for (const r of records) insert.run(r.id, JSON.stringify(r.metadata));
    const condition = filterToSql(filter, 'metadata');
    return db
      .prepare(`SELECT id FROM documents WHERE ${condition.sql} ORDER BY id`)
      .pluck()
      .all(...condition.params) as string[];
  };

  afterAll(() => db.close());

  it.each(FILTER_CASES)('$title', ({ filter, expected }) => {
    expect(select(filter, FILTER_RECORDS)).toEqual([...expected].sort());
    expect(
      FILTER_RECORDS.filter((r) => matchesFilter(filter, r.metadata))
        .map((r) => r.id)
        .sort(),
    ).toEqual([...expected].sort());
  });

  it('reads keys with dots, quotes and backslashes as one field', () => {
    const records: { id: string; metadata: Metadata }[] = [
      { id: 'a', metadata: { 'tag_a"b': true, 'x.y': 1, 'back\\slash': 'v' } },
      { id: 'b', metadata: { x: { y: 1 } as unknown as number } },
    ];
    expect(select(where.eq('tag_a"b', true), records)).toEqual(['a']);
    expect(select(where.eq('x.y', 1), records)).toEqual(['a']);
    expect(select(where.eq('back\\slash', 'v'), records)).toEqual(['a']);
  });

  it('binds values: a value that looks like SQL is only a value', () => {
    const records = [
      { id: 'a', metadata: { kind: "note' OR 1=1 --" } },
      { id: 'b', metadata: { kind: 'x' } },
    ];
    expect(select(where.eq('kind', "note' OR 1=1 --"), records)).toEqual(['a']);
  });
});
