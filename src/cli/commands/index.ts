// The command table: each reserved first word and the one file that implements it.
// Adding a subcommand is one file exporting a CliCommand plus one line here
// (prd/cli.md "Adding a subcommand").
import { acpCommand } from "./acp.js";
import { attachCommand } from "./attach.js";
import type { CliCommand } from "./command.js";
import { configCommand } from "./config.js";
import { helpCommand } from "./help.js";
import { interactiveCommand } from "./interactive.js";
import { modelsCommand } from "./models.js";
import { resumeCommand } from "./resume.js";
import { runCommand } from "./run.js";
import { serveCommand } from "./serve.js";
import { sessionsCommand } from "./sessions.js";

export const COMMANDS: readonly CliCommand[] = [
  runCommand,
  resumeCommand,
  sessionsCommand,
  modelsCommand,
  interactiveCommand,
  configCommand,
  serveCommand,
  attachCommand,
  acpCommand,
  helpCommand(() => COMMANDS),
];
