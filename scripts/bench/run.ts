// Benchmark dispatcher: `npm run bench -- <name>` runs scripts/bench/<name>.ts; with no
// name it runs every benchmark here; an unknown name lists the available ones.
// Each benchmark module exports `runBenchmark(args): Promise<void>`; everything from the
// first `--option` on is handed to it (`npm run bench -- soak --turns 20`).

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
  const all = process.argv.slice(2);
  const firstOption = all.findIndex((arg) => arg.startsWith("--"));
  const requested = firstOption < 0 ? all : all.slice(0, firstOption);
  const args = firstOption < 0 ? [] : all.slice(firstOption);
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
