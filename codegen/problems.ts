/** One problem found in a plugin file, printed as `file: /json/pointer: message`. */
export interface Problem {
  readonly file: string;
  readonly pointer: string;
  readonly message: string;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}: ${problem.pointer || '/'}: ${problem.message}`;
}

/** RFC 6901 escaping of one pointer token. */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: (string | number)[]): string {
  return tokens.map((t) => `/${pointerToken(t)}`).join('');
}

/** Collects problems for one file; checks call `add(pointer, message)`. */
export class ProblemList {
  readonly items: Problem[] = [];
  constructor(readonly file: string) {}
  add(at: string, message: string): void {
    this.items.push({ file: this.file, pointer: at, message });
  }
}
