// Reads one text field of a validated hook event for an adapter's turn signals; a field
// that is absent, null or not a string reads as "" (Codex sends null for no message).

export function textField(event: object, field: string): string {
  const value = (event as Readonly<Record<string, unknown>>)[field];
  return typeof value === "string" ? value : "";
}
