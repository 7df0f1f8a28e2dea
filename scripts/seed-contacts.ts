// `npm run seed:contacts -- [count]`: adds `count` (default 10,000) realistic demo contacts to the
// configured database (DATA_DIR or DATABASE_URL), for the scale check and the benchmarks.
// On the embedded database, stop the server first (the data folder is locked while it runs).
import { openDatabase } from '../src/db/client.ts';
import { contacts } from '../src/db/schema/index.ts';
import { applyEnvFile, loadConfig } from '../src/server/config.ts';
import { contactStatuses } from '../src/shared/contacts.ts';

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Dev',
  'Elena',
  'Farid',
  'Grace',
  'Hugo',
  'Iris',
  'Jonas',
  'Keiko',
  'Liam',
  'Maya',
  'Noah',
  'Olu',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST = [
  'Adams',
  'Baker',
  'Chen',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lopez',
  'Mensah',
  'Nakamura',
  'Okafor',
  'Patel',
  'Rossi',
  'Silva',
  'Tanaka',
  'Weber',
];
const NEEDS = [
  'We need a booking website for our salon, with reminders by text.',
  'Looking for a mobile app so customers can order ahead at our café.',
  'Can you build an AI workflow that reads supplier invoices and fills our spreadsheet?',
  'Our shop site is slow and hard to update. Quote for a redesign?',
  'We want a simple CRM for our plumbing business: leads, jobs and follow-ups.',
  'Need a landing page for a product launch in three weeks.',
  'Looking for ongoing maintenance for our existing WordPress site.',
];

/** Inserts `count` contacts in batches into the given database; returns how many were added. */
export async function seedContacts(
  count: number,
  target: { databaseUrl?: string; dataDir?: string },
): Promise<number> {
  const database = await openDatabase(target);
  const start = Date.now();
  let inserted = 0;
  try {
    for (let i = 0; i < count; i += 1000) {
      const batch = Array.from({ length: Math.min(1000, count - i) }, (_, j) => {
        const n = i + j;
        const first = FIRST[n % FIRST.length]!;
        const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
        return {
          name: `${first} ${last}`,
          email: `${first}.${last}.${n}@example.com`.toLowerCase(),
          phone:
            n % 3 === 0
              ? null
              : `(555) ${String(100 + (n % 900)).padStart(3, '0')}-${String(n % 10000).padStart(4, '0')}`,
          message: NEEDS[n % NEEDS.length]!,
          preferTextAndCall: n % 4 === 0,
          status: contactStatuses[n % 7 === 0 ? 3 : n % 5 === 0 ? 2 : n % 3 === 0 ? 1 : 0]!,
          // Spread over the last 90 days, newest last; the list orders by last activity.
          createdAt: new Date(start - (count - n) * ((90 * 86_400_000) / count)),
          lastActivityAt: new Date(start - (count - n) * ((90 * 86_400_000) / count)),
        };
      });
      // One contact per address (issue #11 §3): seeding again skips the addresses already there.
      const added = await database.db
        .insert(contacts)
        .values(batch)
        .onConflictDoNothing()
        .returning({ id: contacts.id });
      inserted += added.length;
    }
    return inserted;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2] ?? 10_000);
  if (!Number.isInteger(count) || count < 1) {
    console.error('Usage: npm run seed:contacts -- [count]');
    process.exit(1);
  }
  applyEnvFile();
  const config = loadConfig();
  const added = await seedContacts(count, { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  console.log(`✔ Added ${added.toLocaleString('en-US')} contacts.`);
}
