/**
 * `podium/no-sport-code`: the core never names a sport. A sport code (a folder of sports/) in a string,
 * a template, an object key, a regular expression or an RSC-like literal (`SWMM100M...`) in src/ is
 * a sport branch however it is used (`===`, `switch`, `includes`, a `Set`, a key, `startsWith`, a
 * pattern): what differs between sports lives in sports/<CODE>/.
 */
import { readdirSync } from 'node:fs';

/** The sport codes: the folders of sports/ (read once per lint run). */
export function sportCodes(root = new URL('../../sports/', import.meta.url)) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[A-Z0-9]{3}$/.test(entry.name))
    .map((entry) => entry.name);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noSportCode = {
  meta: {
    type: 'problem',
    docs: { description: 'src/ names no sport: what differs between sports lives in sports/<CODE>/' },
    schema: [
      {
        type: 'object',
        additionalProperties: false,
        properties: { codes: { type: 'array', items: { type: 'string', pattern: '^[A-Z0-9]{3}$' } } },
      },
    ],
    messages: {
      named:
        '"{{text}}" names the sport {{code}}: src/ knows no sport; put what differs in sports/{{code}}/sport.json.',
    },
  },
  create(context) {
    const codes = context.options[0]?.codes ?? sportCodes();
    if (codes.length === 0) return {};
    const alternatives = codes.join('|');
    // A code alone, or an RSC that starts with it: capitals, digits and dashes after it, a digit or a
    // dash among them (`SWMM100M...`, `ATH----`), so that a word (`SHOT`, `BOXES`) is not one.
    const text = new RegExp(`^(${alternatives})(?:(?=[A-Z0-9-]*[0-9-])[A-Z0-9-]{1,31})?$`);
    // In a pattern: the code as a word of its own (`/^SWM/`, `(ATH|SWM)`), not inside one (`TRIO`).
    const pattern = new RegExp(`(?<![A-Za-z0-9])(${alternatives})(?![A-Za-z])`);
    const check = (node, value) => {
      const match = text.exec(value);
      if (match) context.report({ node, messageId: 'named', data: { text: value, code: match[1] } });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
        else if (node.regex) {
          const match = pattern.exec(node.regex.pattern);
          if (match)
            context.report({ node, messageId: 'named', data: { text: `/${node.regex.pattern}/`, code: match[1] } });
        }
      },
      TemplateElement(node) {
        const value = node.value.cooked ?? node.value.raw;
        const match = /^[A-Z0-9-]+/.exec(value);
        if (match) check(node, match[0]);
      },
      Property(node) {
        if (!node.computed && node.key.type === 'Identifier') check(node.key, node.key.name);
      },
      'NewExpression[callee.name="RegExp"] > Literal.arguments:first-child'(node) {
        if (typeof node.value !== 'string') return;
        const match = pattern.exec(node.value);
        if (match) context.report({ node, messageId: 'named', data: { text: node.value, code: match[1] } });
      },
    };
  },
};

export default { rules: { 'no-sport-code': noSportCode } };
