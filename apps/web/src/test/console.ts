/**
 * An unexpected console.error or console.warn fails the test that printed it: React reports
 * updates outside act(), missing keys and uncontrolled inputs only there, and a test that passes
 * while one scrolls by is hiding a bug. A test that means to provoke one says so with
 * expectConsole, and then fails if it does not come.
 */
type Level = 'error' | 'warn';

interface Expectation {
  level: Level;
  pattern: RegExp;
  seen: boolean;
}

const original = { error: console.error, warn: console.warn };
let printed: { level: Level; text: string; args: unknown[] }[] = [];
let expectations: Expectation[] = [];

/** The message as the console shows it: printf-style %s, %d… in the first argument filled in. */
function messageOf(args: unknown[]): string {
  const [first, ...rest] = args;
  const text = (value: unknown) =>
    value instanceof Error ? (value.stack ?? value.message) : String(value);
  if (typeof first !== 'string') return args.map(text).join(' ');
  const remaining = [...rest];
  const filled = first.replace(/%[sdifoOc]/g, (spec) => {
    if (remaining.length === 0) return spec;
    const value = remaining.shift();
    // %c styles the text that follows: nothing of it is shown.
    return spec === '%c' ? '' : text(value);
  });
  return [filled, ...remaining.map(text)].join(' ');
}

for (const level of ['error', 'warn'] as const) {
  console[level] = (...args: unknown[]) => {
    printed.push({ level, text: messageOf(args), args });
  };
}

/** The running test prints a console `level` message matching `pattern`, at least once. */
export function expectConsole(level: Level, pattern: RegExp): void {
  expectations.push({ level, pattern, seen: false });
}

/**
 * Throws (failing the test, when called from an after-each hook) if a message was printed that
 * no expectation allowed, or an expectation saw no message; unexpected messages are shown as the
 * console would have shown them. Starts afresh for the next test either way.
 */
export function checkConsole(when: string): void {
  const unexpected = printed.filter((message) => {
    const allowed = expectations.filter(
      (e) => e.level === message.level && e.pattern.test(message.text),
    );
    for (const e of allowed) e.seen = true;
    return allowed.length === 0;
  });
  const missing = expectations.filter((e) => !e.seen);
  printed = [];
  expectations = [];
  for (const message of unexpected) original[message.level](...message.args);
  const problems = [
    ...unexpected.map((m) => `unexpected console.${m.level}: ${m.text.split('\n')[0] ?? ''}`),
    ...missing.map((e) => `expected a console.${e.level} matching ${String(e.pattern)}`),
  ];
  if (problems.length > 0) throw new Error(`${when}:\n${problems.join('\n')}`);
}
