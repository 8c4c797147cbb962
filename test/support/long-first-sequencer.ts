// The order vitest starts test files in (`sequence.sequencer` in vitest.config.ts). A fresh
// clone has no record of how long each file took, so vitest starts the largest files
// first, and a long file that happens to be small starts last and runs alone at the end of
// its group while the other worker idles (lazy-start-timeout: 14 s at the end of the
// unit/integration group, issue 22). This keeps vitest's order but starts the files named
// in `longFiles` first, longest first, so the short ones fill in around them.
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

export type SequencerClass = new (
  ...args: ConstructorParameters<typeof BaseSequencer>
) => BaseSequencer;

/** A sequencer that starts `longFiles` (paths from the project root, longest first) first. */
export function longFirstSequencer(longFiles: readonly string[]): SequencerClass {
  return class LongFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const root = this.ctx.config.root;
      const rank = (spec: TestSpecification): number => {
        const index = longFiles.indexOf(relative(root, spec.moduleId));
        return index < 0 ? longFiles.length : index;
      };
      // vitest runs projects (and group orders) in its own order: reorder only within each
      // project's run of files.
      const result: TestSpecification[] = [];
      let start = 0;
      while (start < sorted.length) {
        const project = sorted[start]?.project.name;
        let end = start;
        while (end < sorted.length && sorted[end]?.project.name === project) end += 1;
        const run = sorted.slice(start, end).map((spec, index) => ({ spec, index }));
        run.sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index);
        result.push(...run.map(({ spec }) => spec));
        start = end;
      }
      return result;
    }
  };
}
