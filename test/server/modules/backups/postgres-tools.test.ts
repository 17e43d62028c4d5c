/**
 * The address pg_dump and pg_restore get (postgres-tools.ts, connectionFor): DATABASE_URL as
 * node-postgres reads it, turned into one libpq reads — node-postgres's own query options translated
 * or left out with a note, the password apart for PGPASSWORD — and an address that is not a URL
 * refused in words. No database needed.
 */
import { addressWithDatabase, connectionFor, databaseNameOf } from '../../../../src/server/modules/backups/postgres-tools';

describe('connectionFor: an address as libpq reads it', () => {
  it('takes the password out (for PGPASSWORD) and leaves a plain address as it is', () => {
    expect(connectionFor('postgres://dealmap:s%40cret@db.example.com:5432/dealmap')).toEqual({
      dbname: 'postgresql://dealmap@db.example.com:5432/dealmap',
      password: 's@cret',
      notes: [],
    });
    // No password in the URL: libpq's own (PGPASSWORD from the environment, ~/.pgpass).
    expect(connectionFor('postgresql://dealmap@127.0.0.1/dealmap')).toEqual({
      dbname: 'postgresql://dealmap@127.0.0.1/dealmap',
      password: undefined,
      notes: [],
    });
    // node-postgres takes a password in the query over the URL's; never on the command line either.
    expect(connectionFor('postgres://dealmap:a@db/dealmap?password=b')).toMatchObject({
      dbname: 'postgresql://dealmap@db/dealmap',
      password: 'b',
    });
  });

  it.each([
    ['ssl=true', 'sslmode=require', /ssl=true \(node-postgres's\) is given .* as sslmode=require/],
    ['ssl=1', 'sslmode=require', /ssl=1 \(node-postgres's\) is given .* as sslmode=require/],
    ['ssl=no-verify', 'sslmode=require', /ssl=no-verify \(node-postgres's\) is given .* as sslmode=require/],
    ['sslmode=no-verify', 'sslmode=require', /sslmode=no-verify \(node-postgres's\) is given .* as sslmode=require/],
    ['ssl=0', 'sslmode=disable', null],
    ['ssl=false', 'sslmode=disable', null],
    ['sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem', 'sslmode=verify-full&sslrootcert=%2Fetc%2Fca.pem', null],
    ['sslmode=require&ssl=true', 'sslmode=require', /ssl= is left out .* sslmode= says it/],
  ])('translates node-postgres TLS options: %s → %s', (given, libpq, note) => {
    const { dbname, notes } = connectionFor(`postgres://dealmap:pw@db:5432/dealmap?${given}`);
    expect(dbname).toBe(`postgresql://dealmap@db:5432/dealmap?${libpq}`);
    if (note) expect(notes).toEqual([expect.stringMatching(note)]);
    else expect(notes).toEqual([]);
  });

  it("keeps libpq's parameters, encoded as libpq decodes them, and leaves node-postgres's own out with a note", () => {
    const { dbname, notes } = connectionFor(
      'postgres://dealmap@db/dealmap?application_name=dealmap%20backup&options=-c%20search_path%3Dapp' +
        '&statement_timeout=5000&uselibpqcompat=true&connect_timeout=10',
    );
    // A space as %20, never '+' (which libpq reads as a plus).
    expect(dbname).toBe(
      'postgresql://dealmap@db/dealmap?application_name=dealmap%20backup&options=-c%20search_path%3Dapp&connect_timeout=10',
    );
    expect(notes).toEqual([
      "statement_timeout= is node-postgres's own, not libpq's: left out for pg_dump and pg_restore",
      "uselibpqcompat= is node-postgres's own, not libpq's: left out for pg_dump and pg_restore",
    ]);
    // The notes name options, never their values (a value may be a secret).
    expect(connectionFor('postgres://u@h/d?statement_timeout=s3cret').notes.join()).not.toContain('s3cret');
  });

  it('reads a Unix socket address (no host, ?host=DIR) and IPv6', () => {
    expect(connectionFor('postgres://dealmap:pw@/dealmap?host=/var/run/postgresql')).toEqual({
      dbname: 'postgresql://dealmap@/dealmap?host=%2Fvar%2Frun%2Fpostgresql',
      password: 'pw',
      notes: [],
    });
    expect(connectionFor('postgres://dealmap@[::1]:5433/dealmap').dbname).toBe('postgresql://dealmap@[::1]:5433/dealmap');
  });

  it('refuses an address that is not a postgres:// URL, in words, without repeating it', () => {
    for (const address of [
      'host=db.example.com dbname=dealmap password=s3cret',
      '/var/run/postgresql dealmap',
      'mysql://u:s3cret@db/dealmap',
      'db.example.com:5432/dealmap',
    ]) {
      let message = '';
      try {
        connectionFor(address);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/^The database address is not a postgres:\/\/ URL: .*postgres:\/\/USER@HOST:5432\/DATABASE/);
      expect(message).not.toContain('s3cret');
    }
  });

  it('refuses a TLS setting it cannot translate rather than connect without TLS', () => {
    expect(() => connectionFor('postgres://u@h/d?sslmode=strict')).toThrow(
      /sslmode=strict is not one pg_dump and pg_restore know/,
    );
    expect(() => connectionFor('postgres://u@h/d?ssl=maybe')).toThrow(/ssl=maybe is not one Dealmap reads/);
  });
});

describe('the database in an address, for messages', () => {
  it('names it, and never shows the password', () => {
    expect(databaseNameOf('postgres://dealmap:s3cret@db/dealmap')).toBe('dealmap');
    expect(databaseNameOf('postgres://dealmap:s3cret@db')).toBe('the database');
    expect(databaseNameOf('not a url s3cret')).toBe('the database');
    expect(addressWithDatabase('postgres://dealmap:s3cret@db:5432/dealmap?sslmode=require', 'dealmap_restored')).toBe(
      'postgres://dealmap@db:5432/dealmap_restored?sslmode=require',
    );
    expect(addressWithDatabase('postgres://dealmap:s3cret@/dealmap?host=/run/pg', 'x')).toBe(
      'postgres://dealmap@/x?host=/run/pg',
    );
  });
});
