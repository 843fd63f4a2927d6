/** The JSON text of each long text the generators use, made once. */
const bigJson = new Map<string, string>();

/**
 * A long text (thousands of characters and more) built once, with its JSON text: made and
 * stringified again for every request, megabytes cost more than the request itself.
 */
export function bigText(text: string): string {
  if (!bigJson.has(text)) bigJson.set(text, JSON.stringify(text));
  return text;
}

/** JSON.stringify, taking the long texts' JSON from `bigText` instead of making it again. */
export function stringifyBody(value: unknown): string {
  const found: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'string' && item.length >= 4096 && bigJson.has(item)
      ? `\uE000big${found.push(item) - 1}\uE000`
      : item,
  ) as string | undefined;
  if (text === undefined || found.length === 0) return text as string;
  // Joined with +, which links the parts (a replace would copy the megabytes into a new string).
  const parts = text.split(/"\uE000big(\d+)\uE000"/);
  let joined = parts[0] ?? '';
  for (let i = 1; i < parts.length; i += 2) {
    joined = joined + (bigJson.get(found[Number(parts[i])] ?? '') ?? '') + (parts[i + 1] ?? '');
  }
  return joined;
}
