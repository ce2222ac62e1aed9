/** Removes a test's BullMQ queues (its default lane and `<name>-browser`) from Redis, so no test leaves jobs behind. */
export async function dropQueues(queueName: string): Promise<void> {
  const { Queue } = await import('bullmq');
  const { Redis } = await import('ioredis');
  const connection = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: null });
  for (const name of [queueName, `${queueName}-browser`]) {
    const q = new Queue(name, { connection });
    await q.obliterate({ force: true }).catch(() => undefined);
    await q.close();
  }
  await connection.quit();
}
