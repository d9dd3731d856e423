import { afterEach, describe, expect, it } from 'vitest';
import { ThreadPool } from '../../src/server/threads/pool';

const pools: ThreadPool<string, unknown>[] = [];
const pool = (module: string, size = 1) => {
  const created = new ThreadPool<string, unknown>(new URL(module, import.meta.url), size);
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('ThreadPool', () => {
  it('runs tasks on worker threads, spread over the idle ones', async () => {
    const threads = pool('./fixtures/echoThread.ts', 2);
    const answers = (await Promise.all(['slow a', 'slow b', 'slow c', 'slow d'].map((t) => threads.run(t)))) as {
      task: string;
      threadId: number;
    }[];
    expect(answers.map((a) => a.task)).toEqual(['slow a', 'slow b', 'slow c', 'slow d']);
    expect(answers.every((a) => a.threadId > 0)).toBe(true);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(2);
  });

  it('fails a task that throws with its message and goes on with the next', async () => {
    const threads = pool('./fixtures/echoThread.ts');
    await expect(threads.run('throw')).rejects.toThrow('the task was refused');
    await expect(threads.run('next')).resolves.toMatchObject({ task: 'next' });
  });

  it('fails the task of a thread that dies, and replaces the thread', async () => {
    const threads = pool('./fixtures/echoThread.ts');
    const first = (await threads.run('before')) as { threadId: number };
    await expect(threads.run('exit')).rejects.toThrow(/exit code 3/);
    const after = (await threads.run('after')) as { threadId: number };
    expect(after.threadId).not.toBe(first.threadId);
  });

  it('says why when no thread can start, and does not retry for ever', async () => {
    const threads = pool('./fixtures/brokenThread.ts', 2);
    await expect(threads.run('a')).rejects.toThrow(/no thread could start: .*the store could not be opened/);
    await expect(threads.run('b')).rejects.toThrow(/no thread could start/);
  });

  it('names each thread by its role, as top -H and bench:ingest show it (Linux)', async () => {
    const threads = pool('./fixtures/echoThread.ts');
    expect(await threads.run('name')).toBe('podium-render');
  });

  it('refuses tasks once closed', async () => {
    const threads = pool('./fixtures/echoThread.ts');
    await threads.close();
    await expect(threads.run('late')).rejects.toThrow(/closed/);
  });
});
