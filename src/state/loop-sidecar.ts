// The versioned loop sidecar `loops.json` (§5.9, §8.2): each loop's id, mode,
// message, fixed interval, stable jitter and creation/expiry times — nothing else.

import { z } from "zod";

export const LOOP_SIDECAR_SCHEMA_VERSION = 1;
export const MIN_LOOP_INTERVAL_MS = 60_000;
/** Seven days; a fixed interval must be strictly shorter. */
export const LOOP_LIFETIME_MS = 604_800_000;
export const MAX_LOOP_MESSAGE_BYTES = 65_536;

const epochMs = z.number().int().refine(Number.isSafeInteger, "not a safe integer");

const messageSchema = z.string().refine((message) => {
  const bytes = Buffer.byteLength(message, "utf8");
  return bytes >= 1 && bytes <= MAX_LOOP_MESSAGE_BYTES;
}, `must be 1..${MAX_LOOP_MESSAGE_BYTES} UTF-8 bytes`);

const common = {
  id: z.string().min(1).max(128),
  message: messageSchema,
  jitterMs: z.number().int().min(0).refine(Number.isSafeInteger, "not a safe integer"),
  createdAt: epochMs,
  expiresAt: epochMs,
};

export const FixedLoopSchema = z.strictObject({
  ...common,
  mode: z.literal("fixed"),
  intervalMs: z.number().int().min(MIN_LOOP_INTERVAL_MS).lt(LOOP_LIFETIME_MS),
});

export const IdleLoopSchema = z.strictObject({ ...common, mode: z.literal("idle") });

export const LoopDefinitionSchema = z.discriminatedUnion("mode", [FixedLoopSchema, IdleLoopSchema]);

export const LoopSidecarSchema = z
  .strictObject({
    schemaVersion: z.literal(LOOP_SIDECAR_SCHEMA_VERSION),
    loops: z.array(LoopDefinitionSchema),
  })
  .refine(
    (sidecar) => new Set(sidecar.loops.map((loop) => loop.id)).size === sidecar.loops.length,
    { message: "loop ids must be unique", path: ["loops"] },
  );

export type FixedLoopDefinition = z.infer<typeof FixedLoopSchema>;
export type IdleLoopDefinition = z.infer<typeof IdleLoopSchema>;
export type LoopDefinition = z.infer<typeof LoopDefinitionSchema>;
export type LoopSidecar = z.infer<typeof LoopSidecarSchema>;
