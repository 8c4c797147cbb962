// The config file is read and written like state (spec §5.5, C-CLI-15): a regular file,
// ours, mode 0600, never through a symlink, replaced atomically by rename.
import { randomBytes } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";
import { usageError } from "../usage-error.js";

const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
const MAX_CONFIG_BYTES = 1024 * 1024;

function uid(): number | undefined {
  return typeof process.getuid === "function" ? process.getuid() : undefined;
}

function code(error: unknown): string | undefined {
  return (error as { code?: unknown } | null)?.code as string | undefined;
}

/** The file's text, or undefined when it does not exist. */
export async function readPrivateText(file: string): Promise<string | undefined> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, READ_FLAGS);
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    if (code(error) === "ELOOP") {
      throw usageError(
        `${file} is a symlink; Elwood reads its config only from a real file. Replace the link with the file.`,
      );
    }
    throw usageError(`Cannot open ${file} (${code(error) ?? "error"}); check its permissions.`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw usageError(
        `${file} is not a regular file; remove it or point ELWOOD_CONFIG elsewhere.`,
      );
    const me = uid();
    if (me !== undefined && stats.uid !== me) {
      throw usageError(
        `${file} belongs to uid ${stats.uid}, not you (uid ${me}); Elwood only reads your own config.`,
      );
    }
    if ((stats.mode & 0o077) !== 0) {
      throw usageError(
        `${file} is readable by others (mode ${(stats.mode & 0o777).toString(8)}); run \`chmod 600 ${file}\`.`,
      );
    }
    if (stats.size > MAX_CONFIG_BYTES)
      throw usageError(`${file} is larger than 1 MiB; it is not an Elwood config.`);
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/** Writes `text` to `file` atomically (temp file in the same folder, fsync, rename). */
export async function writePrivateText(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const dirStats = await fs.lstat(dir);
  if (!dirStats.isDirectory()) {
    throw usageError(
      `${dir} is not a real folder (a symlink or a file); Elwood will not write its config through it.`,
    );
  }
  const me = uid();
  if (me !== undefined && dirStats.uid !== me)
    throw usageError(`${dir} belongs to uid ${dirStats.uid}, not you.`);
  const existing = await fs.lstat(file).catch(() => undefined);
  if (existing !== undefined && !existing.isFile()) {
    throw usageError(`${file} is not a regular file (a symlink or folder); remove it first.`);
  }
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}-${randomBytes(6).toString("hex")}.tmp`,
  );
  const handle = await fs.open(temp, CREATE_FLAGS, 0o600);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
