// The parse worker's program, run with `new Worker(source, { eval: true })`. It is a string
// (like the bridge's Node hook client) so one copy works from the sources, from the ESM
// build and from the CJS build without a separate bundled file; the parent hands it the
// resolved path of @xterm/headless. Protocol: ./protocol.ts. Per terminal, operations run
// strictly in the order they were posted; a write's answer comes once xterm parsed it. The
// screen is read at most every reportIntervalMs per terminal (48 rows read per batch cost
// as much as parsing a fifth of it), and always once the writes pause.

export const PARSE_WORKER_SOURCE = `"use strict";
const { parentPort, workerData } = require("node:worker_threads");
const loaded = require(workerData.xtermPath);
const Terminal = loaded.Terminal || (loaded.default && loaded.default.Terminal);
const screens = new Map();
// @xterm/headless parses a longer write in pieces of this many bytes, cut anywhere.
const MAX_XTERM_WRITE_BYTES = 131072;

// Linux gives each thread its own nice value; elsewhere (or if refused) it stays as it is.
if (workerData.niceness !== 0) {
  try {
    const thread = require("node:fs").readlinkSync("/proc/thread-self").split("/").pop();
    require("node:os").setPriority(Number(thread), workerData.niceness);
  } catch {}
}

// Everything for the parent in this event-loop turn goes as one message.
let outbox = [];
function post(message) {
  outbox.push(message);
  if (outbox.length > 1) return;
  setImmediate(() => {
    const messages = outbox;
    outbox = [];
    parentPort.postMessage(messages);
  });
}

function open(message) {
  const xterm = new Terminal({
    cols: message.cols,
    rows: message.rows,
    scrollback: message.scrollback,
    allowProposedApi: true,
  });
  const screen = {
    id: message.id,
    xterm,
    operations: [],
    isBusy: false,
    hasFailed: false,
    lines: [],
    title: "",
    isCursorVisible: true,
    reportIntervalMs: message.reportIntervalMs,
    lastReportAt: 0,
    answeredSeq: 0,
    reportedSeq: 0,
    trailingReport: undefined,
  };
  // xterm's public API does not expose DECTCEM: watch CSI ? 25 h/l and RIS; returning
  // false lets xterm's own handling run too.
  const mode = (isVisible) => (params) => {
    if (params.includes(25)) screen.isCursorVisible = isVisible;
    return false;
  };
  xterm.parser.registerCsiHandler({ prefix: "?", final: "h" }, mode(true));
  xterm.parser.registerCsiHandler({ prefix: "?", final: "l" }, mode(false));
  xterm.parser.registerEscHandler({ final: "c" }, () => {
    screen.isCursorVisible = true;
    return false;
  });
  xterm.onTitleChange((title) => {
    screen.title = title;
  });
  xterm.onData((data) => post({ type: "reply", id: screen.id, data, isBinary: false }));
  xterm.onBinary((data) => post({ type: "reply", id: screen.id, data, isBinary: true }));
  screens.set(message.id, screen);
}

function enqueue(message) {
  const screen = screens.get(message.id);
  if (screen === undefined || screen.hasFailed) return;
  screen.operations.push(message);
  run(screen);
}

function run(screen) {
  while (!screen.isBusy && !screen.hasFailed && screen.operations.length > 0) {
    const operation = screen.operations.shift();
    try {
      if (operation.type === "write") {
        // Writes queued back to back go to xterm as one (a write has a cost of its own), up to
        // the 128 KiB xterm would cut a write at itself: each ends on a character boundary,
        // and a cut inside a character can lose it (render-batcher.ts, UTF8_CARRY_NOTE).
        const seqs = [operation.seq];
        const parts = [operation.data];
        let joined = operation.data.length;
        while (
          screen.operations.length > 0 &&
          screen.operations[0].type === "write" &&
          joined + screen.operations[0].data.length <= MAX_XTERM_WRITE_BYTES
        ) {
          const next = screen.operations.shift();
          seqs.push(next.seq);
          parts.push(next.data);
          joined += next.data.length;
        }
        const data = parts.length === 1 ? parts[0] : Buffer.concat(parts);
        screen.isBusy = true;
        screen.xterm.write(data, () => {
          screen.isBusy = false;
          if (screens.get(screen.id) !== screen || screen.hasFailed) return;
          try {
            for (let index = 0; index + 1 < seqs.length; index += 1) answer(screen, seqs[index], false);
            answerWrite(screen, seqs[seqs.length - 1]);
          } catch (error) {
            fail(screen, error);
            return;
          }
          run(screen);
        });
      } else {
        screen.xterm.resize(operation.cols, operation.rows);
        answer(screen, operation.seq, true);
      }
    } catch (error) {
      fail(screen, error);
    }
  }
}

function answer(screen, seq, report) {
  screen.answeredSeq = seq;
  if (!report) {
    post({ type: "done", id: screen.id, seq });
    return;
  }
  post({ type: "done", id: screen.id, seq, mirror: mirror(screen) });
}

// With the screen if the last report is old enough; otherwise a report follows once it is,
// if no later write's answer carried one by then.
function answerWrite(screen, seq) {
  const wait = screen.lastReportAt + screen.reportIntervalMs - Date.now();
  answer(screen, seq, wait <= 0);
  if (wait > 0 && screen.operations.length === 0 && screen.trailingReport === undefined) {
    screen.trailingReport = setTimeout(() => reportLater(screen), wait);
  }
}

function reportLater(screen) {
  screen.trailingReport = undefined;
  if (screens.get(screen.id) !== screen || screen.hasFailed) return;
  // A write in progress reports (or schedules this again) when it is answered.
  if (screen.isBusy || screen.reportedSeq >= screen.answeredSeq) return;
  try {
    post({ type: "report", id: screen.id, seq: screen.answeredSeq, mirror: mirror(screen) });
  } catch (error) {
    fail(screen, error);
  }
}

// Only rows whose text changed since the last report travel back to the parent.
function mirror(screen) {
  screen.lastReportAt = Date.now();
  screen.reportedSeq = screen.answeredSeq;
  clearTimeout(screen.trailingReport);
  screen.trailingReport = undefined;
  const xterm = screen.xterm;
  const buffer = xterm.buffer.active;
  const rows = xterm.rows;
  const changed = [];
  for (let row = 0; row < rows; row += 1) {
    const line = buffer.getLine(buffer.baseY + row);
    const text = line === undefined ? "" : line.translateToString(true).trimEnd();
    if (screen.lines[row] !== text) {
      screen.lines[row] = text;
      changed.push(row, text);
    }
  }
  screen.lines.length = rows;
  return {
    rows,
    changed,
    cursorX: buffer.cursorX,
    cursorY: buffer.cursorY,
    isCursorVisible: screen.isCursorVisible,
    title: screen.title,
  };
}

function fail(screen, error) {
  screen.hasFailed = true;
  screen.operations.length = 0;
  clearTimeout(screen.trailingReport);
  post({ type: "failed", id: screen.id, message: String((error && error.message) || error) });
}

function close(id) {
  const screen = screens.get(id);
  if (screen === undefined) return;
  screens.delete(id);
  clearTimeout(screen.trailingReport);
  screen.operations.length = 0;
  screen.xterm.dispose();
}

parentPort.on("message", (messages) => {
  for (const message of messages) {
    if (message.type === "open") open(message);
    else if (message.type === "close") close(message.id);
    else enqueue(message);
  }
});
`;
