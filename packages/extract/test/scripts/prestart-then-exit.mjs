// Run by pool-prestart.test.ts as its own process, as the CLI runs: two workers started, a one-worker pool
// takes one, extracts a page and closes. Prints "<envelope ok> <workers still untaken>" and must then end.
import { prestartWorkers, prestartedWorkerCount } from "../../dist/pool/worker-prestart.js";
import { createExtractPool } from "../../dist/index.js";

prestartWorkers(2, 256);
const pool = createExtractPool({ workers: 1, maxHeapMb: 256 });
const paragraph = "<p>A kettle boils water quickly because its element sits in the water and wastes little heat.</p>";
const envelope = await pool.extract({ url: "https://example.com/k", html: `<html><body><article><h1>Kettles</h1>${paragraph.repeat(6)}</article></body></html>` });
await pool.close();
console.log(envelope.ok, prestartedWorkerCount());
