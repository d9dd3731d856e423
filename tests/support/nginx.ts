/**
 * Debian's nginx for a test: a server block (deploy/nginx.conf or deploy/nginx-static.conf with
 * its paths and port rewritten) in an http block of its own, in a folder of its own, on a free
 * loopback port; stopped gracefully.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../codegen/paths';

export interface TestNginx {
  readonly port: number;
  readonly dir: string;
  log(): string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port (nginx has no "ready" line). */
async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`nginx stopped (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (tries > 200) throw new Error(`nginx does not listen on ${port}:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The main-context line deploy/nginx.conf needs (its head says why): Nchan, from Debian's
 * libnginx-mod-nchan, by its absolute path (nginx -p would resolve the package's relative one here).
 */
export const NCHAN_MODULE = 'load_module /usr/lib/nginx/modules/ngx_nchan_module.so;\n';

/** Starts nginx with the server block `site(port, dir)` returns (and `main` context lines before `http`). */
export async function startTestNginx(site: (port: number, dir: string) => string, main = ''): Promise<TestNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'podium-nginx-'));
  const port = await freePort();
  // As root, nginx's workers would run as nobody, who cannot read or write this test's folders.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${main}${user}worker_processes 1;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  include /etc/nginx/mime.types;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;\n${site(port, dir)}\n}\n`,
  );
  let output = '';
  // Debian puts it in /usr/sbin, which a user's PATH may lack.
  const child = spawn(existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx', [
    '-p',
    dir,
    '-c',
    join(dir, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await listening(port, child, () => output);
  return {
    port,
    dir,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const stopped = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await stopped;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * nginx running deploy/nginx.conf as it is, its placeholders set: the service on `originPort`, a
 * cache folder of its own, the published files' folder when the service has one, and Nchan's
 * publisher on `livePublishPort` (a free one unless given: the service that publishes to it may
 * have to be started first).
 */
export async function startDeployNginx(
  originPort: number,
  published?: string,
  livePublishPort?: number,
): Promise<TestNginx & { livePublishUrl: string }> {
  const conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const livePort = livePublishPort ?? (await freePort());
  const nginx = await startTestNginx((port, dir) => {
    mkdirSync(join(dir, 'cache'));
    let site = conf
      .replaceAll('/var/cache/nginx/podium', join(dir, 'cache'))
      .replaceAll('127.0.0.1:8080', `127.0.0.1:${originPort}`)
      .replace('listen 8088;', `listen 127.0.0.1:${port};`);
    if (published) site = site.replaceAll('/var/lib/podium/published', published);
    if (!site.includes(`listen 127.0.0.1:${port};`)) throw new Error('deploy/nginx.conf has no "listen 8088;"');
    if (!site.includes('listen 127.0.0.1:8081;')) throw new Error('deploy/nginx.conf has no "listen 127.0.0.1:8081;"');
    return site.replace('listen 127.0.0.1:8081;', `listen 127.0.0.1:${livePort};`);
  }, NCHAN_MODULE);
  return { ...nginx, livePublishUrl: `http://127.0.0.1:${livePort}/_live/pub/` };
}

/** nginx serving an export (`npm run export -- <folder>`) as deploy/nginx-static.conf does, no service. */
export function startStaticMirror(folder: string): Promise<TestNginx> {
  const conf = readFileSync(join(ROOT, 'deploy/nginx-static.conf'), 'utf8');
  return startTestNginx((port) =>
    conf.replace('listen 8089;', `listen 127.0.0.1:${port};`).replaceAll('/srv/podium-mirror', folder),
  );
}
