/**
 * The RESO test server in a process of its own for the reso bench (an MLS is another machine: its
 * work should not share the bench's event loop). Started with fork(); serves `BENCH_RESO_ROWS` rows
 * of the demo feed (seed 7) in pages of `BENCH_RESO_PAGE`, and sends its addresses over IPC.
 */
import { resoRecords, startResoServer } from '../reso-server';

async function main(): Promise<void> {
  const rows = Number(process.env.BENCH_RESO_ROWS);
  const pageSize = Number(process.env.BENCH_RESO_PAGE);
  const server = await startResoServer({ clientId: 'bench', clientSecret: 'bench-secret', pageSize });
  server.upsert(resoRecords(rows, 7));
  process.send?.({ url: server.url, tokenUrl: server.tokenUrl });
  process.on('disconnect', () => void server.close().then(() => process.exit(0)));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
