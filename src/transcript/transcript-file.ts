// The few file operations a transcript reader needs, in a file of their own so the cursor
// and what it remembers of a file (consumed-prefix.ts) share them without importing each
// other; injectable so tests can fail or meter them.
export interface TranscriptFile {
  /** `ino`/`dev` (when the file system gives them) tell a replaced file from a grown one. */
  stat(): Promise<{ size: number; ino?: number; dev?: number }>;
  read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
  ): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}
export type OpenTranscriptFile = (path: string) => Promise<TranscriptFile>;
