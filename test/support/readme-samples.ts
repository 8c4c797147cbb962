// The README's TypeScript samples, each named by the HTML comment on the line above its
// fence: `<!-- readme-sample: <name> -->` for a sample the e2e tier runs against the real
// CLIs, `<!-- readme-sample: <name> compile-only (<why>) -->` for one that needs a real
// account or the network and is only compiled (issue 27). A ts block without the comment,
// or a name used twice, is an error, so no sample can slip past both checks.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface ReadmeSample {
  readonly name: string;
  /** 1-based README line of the opening fence, so a failure points at the block. */
  readonly line: number;
  readonly code: string;
  /** Why the sample is only compiled; undefined for a sample that runs. */
  readonly compileOnly?: string;
}

export const README_PATH = resolve(import.meta.dirname, "..", "..", "README.md");

const MARKER = /^<!-- readme-sample: ([a-z0-9-]+)(?: compile-only \((.+)\))? -->$/;

export function readmeSamples(markdown = readFileSync(README_PATH, "utf8")): ReadmeSample[] {
  const samples: ReadmeSample[] = [];
  const lines = markdown.split("\n");
  let open: { line: number; name: string; compileOnly?: string; body: string[] } | undefined;
  lines.forEach((text, index) => {
    if (open === undefined) {
      if (!/^```ts\s*$/.test(text)) return;
      const marker = MARKER.exec(lines[index - 1] ?? "");
      if (marker === null) {
        throw new Error(
          `README.md line ${index + 1}: a ts block needs <!-- readme-sample: <name> --> on the line above`,
        );
      }
      open = {
        line: index + 1,
        name: marker[1]!,
        ...(marker[2] === undefined ? {} : { compileOnly: marker[2] }),
        body: [],
      };
    } else if (/^```\s*$/.test(text)) {
      const { body, ...sample } = open;
      samples.push({ ...sample, code: body.join("\n") });
      open = undefined;
    } else {
      open.body.push(text);
    }
  });
  if (open !== undefined)
    throw new Error(`README.md: the ts block at line ${open.line} never closes`);
  const names = samples.map((sample) => sample.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) throw new Error(`README.md: two samples are named ${repeated}`);
  return samples;
}

/** The repository root, for tests that build a consumer project next to it. */
export const REPOSITORY_ROOT = join(import.meta.dirname, "..", "..");
