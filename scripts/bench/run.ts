// Benchmark dispatcher: `npm run bench -- <name>` runs scripts/bench/<name>.ts; with no
// name it runs every benchmark here; an unknown name lists the available ones.
// Each benchmark module exports `runBenchmark(args): Promise<void>`; everything from the
// first `--flag` on is handed to it (`npm run bench -- concurrency --sessions 8`).

import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const benchDirectory = dirname(fileURLToPath(import.meta.url));

function availableBenchmarks(): string[] {
  return readdirSync(benchDirectory)
    .filter((file) => file.endsWith(".ts") && file !== "run.ts" && !file.endsWith(".d.ts"))
    .map((file) => file.slice(0, -".ts".length))
    .sort();
}

async function runOne(name: string, args: readonly string[]): Promise<void> {
  const module: { runBenchmark?: (args: readonly string[]) => Promise<void> } = await import(
    pathToFileURL(`${benchDirectory}/${name}.ts`).href
  );
  if (typeof module.runBenchmark !== "function") {
    throw new Error(`scripts/bench/${name}.ts does not export runBenchmark()`);
  }
  console.log(`\n== bench: ${name} ==`);
  await module.runBenchmark(args);
}

async function main(): Promise<void> {
  const available = availableBenchmarks();
  const argv = process.argv.slice(2);
  const firstFlag = argv.findIndex((arg) => arg.startsWith("--"));
  const requested = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
  const args = firstFlag === -1 ? [] : argv.slice(firstFlag);
  const unknown = requested.filter((name) => !available.includes(name));
  if (unknown.length > 0) {
    console.error(`Unknown benchmark: ${unknown.join(", ")}. Available: ${available.join(", ")}`);
    process.exitCode = 2;
    return;
  }
  // One failing benchmark must not hide the figures of the others.
  for (const name of requested.length > 0 ? requested : available) {
    try {
      await runOne(name, args);
    } catch (error) {
      console.error(`bench ${name} failed:`, error);
      process.exitCode = 1;
    }
  }
}

await main();
