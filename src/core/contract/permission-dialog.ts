// A session's tool-permission dialog, for approvals of a CLI whose hooks only announce it
// (prd/approvals.md "On screen"): the hook fires just before the CLI draws its dialog and
// cannot answer it, so the answer is typed into the dialog, and only while a frame shows
// it. The session hands this to hook handlers beside their signal, under a symbol the
// package root does not export: it is the approvals' way in, not a public control.

import type { ElwoodHookContext } from "../../bridge/catalogue.js";

/** Where the hook context carries the session's PermissionDialogPort. */
export const PERMISSION_DIALOG = Symbol("elwood.permissionDialog");

/** What an approval answer types. */
export type PermissionDialogAnswer = "allow" | "deny";

export interface PermissionDialogPort {
  /**
   * The CLI's hook just announced a permission dialog (call it inside the handler, before
   * the hook returns). Resolves once a frame shows a tool-permission dialog, announced
   * dialogs taking the dialogs that show in order, or undefined when none shows within
   * the bound or the session ends first.
   */
  announced(): Promise<ShownPermissionDialog | undefined>;
}

export interface ShownPermissionDialog {
  /**
   * Aborts once the dialog is gone from the screen without an answer from here (a person
   * answered it at the terminal, the turn was interrupted, the next dialog was announced):
   * reason `request_ended`; or when the session ends: `bridge_closed`, or `request_ended`
   * when the CLI exited by itself.
   */
  readonly gone: AbortSignal;
  /**
   * Reads the screen now: true while the dialog shows with its header and body (so an
   * answer can be typed); otherwise false, and `gone` aborted first.
   */
  stillShown(): boolean;
  /**
   * Types the screen table's key for `answer`, only if the frame now shows the dialog with
   * its header and body; false (nothing typed) otherwise.
   */
  answer(answer: PermissionDialogAnswer): boolean;
}

/** The session's port from a hook handler's context; undefined outside a live session. */
export function permissionDialogOf(context: ElwoodHookContext): PermissionDialogPort | undefined {
  const port = (context as unknown as Readonly<Record<symbol, unknown>>)[PERMISSION_DIALOG];
  return port === undefined ? undefined : (port as PermissionDialogPort);
}
