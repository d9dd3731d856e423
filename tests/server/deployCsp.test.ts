import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../codegen/paths';
import { bootScriptHash } from '../../src/web/app/bootScriptHash';

/**
 * nginx sends the Content-Security-Policy itself for pages it serves as files (deploy/nginx.conf)
 * and for the static mirror (deploy/nginx-static.conf): its script hash must be the boot script's
 * of this build, or every such page's boot script is refused and no page wakes.
 */
describe("the deploy configurations' Content-Security-Policy", () => {
  for (const file of ['deploy/nginx.conf', 'deploy/nginx-static.conf']) {
    it(`${file} allows this build's boot script`, () => {
      const conf = readFileSync(join(ROOT, file), 'utf8');
      const hashes = [...conf.matchAll(/Content-Security-Policy "[^"]*?('sha256-[^']+')/g)].map((m) => m[1]);
      expect(hashes.length).toBeGreaterThan(0);
      for (const hash of hashes)
        expect(hash, `${file}: paste bootScriptHash() (src/web/app/bootScriptHash.ts)`).toBe(bootScriptHash());
    });
  }
});
