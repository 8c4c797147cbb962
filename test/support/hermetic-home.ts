// Setup for the integration tier: each test file runs with HOME set to an empty temp folder,
// removed afterwards. The tests start real login shells (`bash -l -i`) with process.env, and
// those must not read the developer's own dotfiles: on the 2-core CI machine root's
// ~/.bashrc runs `pyenv init`, which added about 2.5 s to every probe and launch there.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

const previous = process.env.HOME;
const home = mkdtempSync(join(tmpdir(), "elwood-test-home-"));
process.env.HOME = home;

afterAll(() => {
  if (previous === undefined) delete process.env.HOME;
  else process.env.HOME = previous;
  rmSync(home, { recursive: true, force: true });
});
