// The read side of trusted copies (issue 21, prd/decisions.md "Trusted copies"): the
// workspace record and loop sidecar, checked against their copies in the private dir
// before a resume may launch anything.

import path from "node:path";
import { type LoopDefinition, LoopSidecarSchema } from "./loop-sidecar.js";
import { parseStateJson } from "./parse-state.js";
import { LOOPS_FILE_NAME, RECORD_FILE_NAME } from "./paths.js";
import { readPrivateFile } from "./private-files.js";
import { type SessionRecord, SessionRecordSchema } from "./record.js";
import {
  recordMismatch,
  sameLoops,
  trustedCopyMismatch,
  trustedCopyMissing,
} from "./trusted-copy.js";

/** A record and its loops, each equal to its trusted copy. */
export interface TrustedSession {
  readonly record: SessionRecord;
  readonly loops: LoopDefinition[];
}

export async function verifyAgainstCopies(options: {
  readonly elwoodSessionId: string;
  /** The workspace record, already read and validated. */
  readonly record: SessionRecord;
  readonly sessionDir: string;
  /** The private dir (its derived path even when it does not exist). */
  readonly copyDir: string;
  readonly hasCopyDir: boolean;
}): Promise<TrustedSession> {
  const { elwoodSessionId, record, sessionDir, copyDir } = options;
  const copyFile = path.join(copyDir, RECORD_FILE_NAME);
  const copyText = options.hasCopyDir ? await readPrivateFile(copyFile) : undefined;
  if (copyText === undefined) throw trustedCopyMissing({ elwoodSessionId, path: copyFile });
  const trusted = parseStateJson(copyFile, copyText, SessionRecordSchema, "private record copy");
  const field = recordMismatch(record, trusted);
  if (field !== undefined)
    throw trustedCopyMismatch({
      elwoodSessionId,
      field,
      path: path.join(sessionDir, RECORD_FILE_NAME),
    });
  const loops = await readTrustedLoops({ elwoodSessionId, sessionDir, copyDir });
  const agentSessionId = record.resume.agentSessionId ?? trusted.resume.agentSessionId;
  // The conversation a fresh start launched (an empty one resumes under it) comes from the
  // copy, like the rest: the workspace record may only lack what the copy has.
  const { launched } = trusted.resume;
  const resume = {
    ...(agentSessionId === undefined ? {} : { agentSessionId }),
    ...(launched === undefined ? {} : { launched }),
    posture: record.resume.posture,
  };
  return { record: { ...record, resume }, loops };
}

// A deleted sidecar means no loops (fewer prompts never loosen anything); a present one
// must equal the copy, which is absent when the session never had loops.
async function readTrustedLoops(options: {
  readonly elwoodSessionId: string;
  readonly sessionDir: string;
  readonly copyDir: string;
}): Promise<LoopDefinition[]> {
  const loopsFile = path.join(options.sessionDir, LOOPS_FILE_NAME);
  const loopsText = await readPrivateFile(loopsFile);
  if (loopsText === undefined) return [];
  const loops = parseStateJson(loopsFile, loopsText, LoopSidecarSchema, "loop sidecar").loops;
  const copyFile = path.join(options.copyDir, LOOPS_FILE_NAME);
  const copyText = await readPrivateFile(copyFile);
  const trusted =
    copyText === undefined
      ? []
      : parseStateJson(copyFile, copyText, LoopSidecarSchema, "private loop copy").loops;
  if (!sameLoops(loops, trusted))
    throw trustedCopyMismatch({
      elwoodSessionId: options.elwoodSessionId,
      field: "loops",
      path: loopsFile,
    });
  return loops;
}
