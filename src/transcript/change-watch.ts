// Wakes a transcript follower when its file changes, so content arrives as it is written
// and an idle session does not need a fast poll. Watches the parent directory (the file
// may not exist yet) and filters by name. Best-effort: where the platform cannot watch,
// this returns undefined and the caller keeps polling quickly instead.
import { type FSWatcher, watch } from "node:fs";
import { basename, dirname } from "node:path";

export interface ChangeWatch {
  close(): void;
}

export function watchFileChanges(path: string, onChange: () => void): ChangeWatch | undefined {
  const name = basename(path);
  let watcher: FSWatcher;
  try {
    watcher = watch(dirname(path), { persistent: false }, (_event, changed) => {
      // Some platforms omit the name; then any change in the directory counts.
      if (changed === null || changed === name) onChange();
    });
  } catch {
    return undefined;
  }
  // A watcher that fails later (directory removed, too many watches) just goes quiet;
  // the follower's slow poll still reads the file.
  watcher.on("error", () => watcher.close());
  return { close: () => watcher.close() };
}
