import { checkSync } from 'recheck';

/** Why a configured regular expression is refused, or undefined when it is safe to run. */
export function regexProblem(source: string): string | undefined {
  try {
    new RegExp(source);
  } catch (error) {
    return `is not a valid regular expression: ${(error as Error).message}`;
  }
  // recheck proves the absence of catastrophic backtracking (ReDoS) or finds an attack string.
  const diagnostics = checkSync(source, '', { timeout: 2000 });
  if (diagnostics.status === 'safe') return undefined;
  if (diagnostics.status === 'vulnerable') {
    const attack = diagnostics.attack?.pattern ?? diagnostics.attack?.string ?? 'a crafted input';
    return `is vulnerable to catastrophic backtracking (${diagnostics.complexity.type} time, attack: ${attack}); rewrite it without nested or overlapping repetition`;
  }
  return `could not be proven safe from catastrophic backtracking (${diagnostics.error.kind}); simplify it`;
}
