// Where the command word stands (issue 27, C-CLI-02): the first argument that is neither
// an option nor a value-taking option's value, before `--`.
import { describe, expect, test } from "vitest";
import { splitCommandWord } from "../../../../src/cli/args/command-word.js";

describe("splitCommandWord", () => {
  test("C-CLI-02: the first bare word, with the options around it kept in order", () => {
    expect(splitCommandWord(["sessions", "--output", "json"])).toEqual({
      word: "sessions",
      rest: ["--output", "json"],
    });
    expect(splitCommandWord(["--agent", "codex", "sessions", "--output", "json"])).toEqual({
      word: "sessions",
      rest: ["--agent", "codex", "--output", "json"],
    });
    expect(splitCommandWord(["--no-defaults", "config", "effective"])).toEqual({
      word: "config",
      rest: ["--no-defaults", "effective"],
    });
  });

  test("C-CLI-02: values of value-taking options are skipped, long, inline and short", () => {
    expect(splitCommandWord(["--model", "sessions", "hi"]).word).toBe("hi");
    expect(splitCommandWord(["-C", "run", "sessions"]).word).toBe("sessions");
    expect(splitCommandWord(["--state-dir=x", "sessions"]).word).toBe("sessions");
    expect(splitCommandWord(["--image", "a.png", "--image", "b.png", "look"]).word).toBe("look");
    // Booleans, negations and unknown options take no value: the next word is the word.
    expect(splitCommandWord(["--verbose", "sessions"]).word).toBe("sessions");
    expect(splitCommandWord(["--no-trust", "sessions"]).word).toBe("sessions");
    expect(splitCommandWord(["--frobnicate", "sessions"]).word).toBe("sessions");
    expect(splitCommandWord(["-h", "sessions"]).word).toBe("sessions");
  });

  test("C-CLI-02: `--` ends the search; no word at all leaves the arguments as they are", () => {
    expect(splitCommandWord(["--agent", "codex", "--", "sessions"])).toEqual({
      word: undefined,
      rest: ["--agent", "codex", "--", "sessions"],
    });
    expect(splitCommandWord(["--agent", "codex"])).toEqual({
      word: undefined,
      rest: ["--agent", "codex"],
    });
    expect(splitCommandWord(["--model"]).word).toBeUndefined();
    expect(splitCommandWord(["-", "x"]).word).toBe("-");
  });
});
