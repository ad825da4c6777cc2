/**
 * Admission: at most `limit` GraphQL operations run their database work at once; the others wait
 * their turn in arrival order. Without it, 200 simultaneous requests interleave statement by
 * statement: a request of ten statements waits behind everyone ten times, so under load the longest
 * requests (a staff queue page) take many seconds while throughput is no better. With it, a request
 * waits once, then runs with the database nearly to itself. `limit` 0 admits everything at once.
 */
export type Admission = <T>(task: () => Promise<T>) => Promise<T>;

export function createAdmission(limit: number): Admission {
  if (limit <= 0) return (task) => task();
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return async (task) => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
