// What a measured window cost MySQL and Redis, from the servers' own counters: statements MySQL
// executed (Questions: every statement a client sent, BEGIN and COMMIT included) and commands Redis
// processed. They count the whole machine's traffic, so a neighbour's tests would be in them: the
// benches print the rate at rest beside them, read with the stack up and idle just before.

/** The counters now. `pool`: a mysql2 pool; `redis`: an ioredis client. */
export async function serverCounters(pool, redis) {
  const [[questions]] = await pool.query("SHOW GLOBAL STATUS LIKE 'Questions'");
  const stats = await redis.info('stats');
  return {
    at: performance.now(),
    statements: Number(questions.Value),
    redisCommands: Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? Number.NaN),
  };
}

/** What happened between two readings: totals and seconds. */
export function countersBetween(before, after) {
  return {
    seconds: (after.at - before.at) / 1000,
    statements: after.statements - before.statements,
    redisCommands: after.redisCommands - before.redisCommands,
  };
}
