/**
 * Work from a queue that the work itself refills (a crawl: each page rendered adds the pages it
 * links to), `lanes` at a time. A lane that finds the queue empty waits while others work: their
 * results refill it. Every item that ends wakes every waiting lane; the last lane to find nothing
 * left ends them all.
 */
export async function drainInLanes<T>(queue: T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let working = 0;
  let waiting: (() => void)[] = [];
  const wakeAll = () => {
    const lanesWaiting = waiting;
    waiting = [];
    for (const wake of lanesWaiting) wake();
  };
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (;;) {
        const next = queue.shift();
        if (next === undefined) {
          if (working === 0) {
            wakeAll();
            break;
          }
          await new Promise<void>((resolve) => waiting.push(resolve));
          continue;
        }
        working += 1;
        try {
          await work(next);
        } finally {
          working -= 1;
          wakeAll();
        }
      }
    }),
  );
}
