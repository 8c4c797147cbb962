// The argument grammar (C-CLI-02, C-CLI-20): long/short options, --x=value, negation,
// repeatable lists, `--` and refusals that name the nearest valid option.
import { describe, expect, test } from "vitest";
import { parseDuration } from "../../../../src/cli/args/duration.js";
import { RUN_OPTIONS } from "../../../../src/cli/args/options.js";
import { parseArgs } from "../../../../src/cli/args/parse.js";
import { nearest } from "../../../../src/cli/args/suggest.js";
import { ElwoodError } from "../../../../src/errors.js";

function refusal(run: () => unknown): ElwoodError {
  try {
    run();
  } catch (error) {
    if (error instanceof ElwoodError) return error;
    throw error;
  }
  throw new Error("expected a usage error");
}

describe("parseArgs", () => {
  test("C-CLI-02: options anywhere, words form the prompt, `--` ends options", () => {
    const parsed = parseArgs(
      [
        "--agent",
        "codex",
        "fix",
        "-C",
        "/tmp",
        "the",
        "--output=json",
        "bug",
        "--",
        "--not-an-option",
      ],
      RUN_OPTIONS,
      "run",
    );
    expect(Object.fromEntries(parsed.options)).toEqual({
      agent: "codex",
      cwd: "/tmp",
      output: "json",
    });
    expect(parsed.positionals).toEqual(["fix", "the", "bug", "--not-an-option"]);
  });

  test("C-CLI-14: --no-<flag> sets a negatable boolean false; images repeat in order", () => {
    const parsed = parseArgs(
      [
        "--no-stream",
        "--verbose",
        "--no-trust",
        "--image",
        "a.png",
        "--image=b.png",
        "--no-defaults",
        "x",
      ],
      RUN_OPTIONS,
      "run",
    );
    expect(parsed.options.get("stream")).toBe(false);
    expect(parsed.options.get("verbose")).toBe(true);
    expect(parsed.options.get("trust")).toBe(false);
    expect(parsed.options.get("defaults")).toBe(false);
    expect(parsed.options.get("image")).toEqual(["a.png", "b.png"]);
  });

  test("C-CLI-20: an unknown long option is refused with the nearest valid one", () => {
    const error = refusal(() => parseArgs(["--outptu", "json"], RUN_OPTIONS, "run"));
    expect(error.name).toBe("invalid_options");
    expect(error.message).toBe("Unknown option --outptu; did you mean --output?");
    expect(refusal(() => parseArgs(["--no-strem"], RUN_OPTIONS, "run")).message).toContain(
      "--no-stream",
    );
    expect(refusal(() => parseArgs(["--zzzzzzzz"], RUN_OPTIONS, "run")).message).toContain(
      "elwood run --help",
    );
  });

  test("an option another command owns is refused by name; a value-taking option needs its value", () => {
    expect(refusal(() => parseArgs(["--stream"], ["help", "output"], "sessions")).message).toBe(
      "`elwood sessions` does not take --stream; see `elwood sessions --help`.",
    );
    expect(refusal(() => parseArgs(["--timeout"], RUN_OPTIONS, "run")).message).toContain(
      "--timeout needs a value",
    );
    expect(refusal(() => parseArgs(["--stream=yes"], RUN_OPTIONS, "run")).message).toContain(
      "takes no value",
    );
    expect(refusal(() => parseArgs(["-x"], RUN_OPTIONS, "run")).message).toContain(
      "Unknown option -x",
    );
  });
});

describe("nearest", () => {
  test("suggests only a clear winner", () => {
    expect(nearest("verbos", ["verbose", "version"])).toBe("verbose");
    expect(nearest("agnet", ["agent", "output"])).toBe("agent");
    expect(nearest("qqqqqqq", ["agent", "output"])).toBeUndefined();
  });
});

describe("parseDuration", () => {
  test("C-CLI-07: an integer with ms, s, m or h", () => {
    expect(parseDuration("250ms", "--timeout")).toBe(250);
    expect(parseDuration("2s", "--timeout")).toBe(2_000);
    expect(parseDuration("5m", "--timeout")).toBe(300_000);
    expect(parseDuration("1h", "--timeout")).toBe(3_600_000);
    for (const bad of ["0s", "1.5s", "10", "s", "-1s", "1d", "999h"]) {
      expect(() => parseDuration(bad, "--timeout")).toThrow(/--timeout/);
    }
  });
});
