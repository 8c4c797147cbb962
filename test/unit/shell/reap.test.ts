// Process-group reaping contract (C-LIFE-10), without real processes.

import { afterEach, describe, expect, it, vi } from "vitest";
import { ElwoodError } from "../../../src/errors.js";
import { reapProcessGroup } from "../../../src/shell/reap.js";

const systemError = (code: string) => Object.assign(new Error(code), { code });

afterEach(() => vi.restoreAllMocks());

describe("reapProcessGroup", () => {
  it("C-LIFE-10: SIGKILLs the negative pid (the whole group) and reports it existed", () => {
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    expect(reapProcessGroup(4321)).toBe(true);
    expect(kill).toHaveBeenCalledWith(-4321, "SIGKILL");
  });

  it("C-LIFE-10: an empty group (ESRCH) is a no-op that returns false", () => {
    vi.spyOn(process, "kill").mockImplementation(() => {
      throw systemError("ESRCH");
    });
    expect(reapProcessGroup(4321)).toBe(false);
  });

  it("other failures are termination_failed with the errno kept", () => {
    vi.spyOn(process, "kill").mockImplementation(() => {
      throw systemError("EPERM");
    });
    try {
      reapProcessGroup(4321);
      expect.unreachable();
    } catch (error) {
      expect(ElwoodError.is(error, "termination_failed")).toBe(true);
      expect((error as ElwoodError).details.errno).toBe("EPERM");
    }
  });

  it("refuses pids that would signal our own group or everything", () => {
    const kill = vi.spyOn(process, "kill").mockImplementation(() => true);
    for (const pid of [0, 1, -5, 2.5, Number.NaN]) {
      expect(() => reapProcessGroup(pid)).toThrow(ElwoodError);
    }
    expect(kill).not.toHaveBeenCalled();
  });
});
