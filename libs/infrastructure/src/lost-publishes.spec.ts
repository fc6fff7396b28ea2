import { reportLostPublishes, type Publisher } from './lost-publishes.js';

describe('reportLostPublishes', () => {
  const unhandled: unknown[] = [];
  const noteUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => process.on('unhandledRejection', noteUnhandled));
  afterAll(() => process.off('unhandledRejection', noteUnhandled));
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it('hands a failed publish whose reply nobody awaits to onLost, and leaves no rejection unhandled', async () => {
    const lost: Error[] = [];
    const publisher = reportLostPublishes<Publisher>({ publish: () => Promise.reject(new Error('Connection is closed.')) }, (error) =>
      lost.push(error),
    );

    void publisher.publish('channel', 'message');
    await nextTurn();

    expect(lost.map((error) => error.message)).toEqual(['Connection is closed.']);
    expect(unhandled).toEqual([]);
  });

  it('still answers a caller that awaits the reply, with the subscribers count or the failure', async () => {
    const lost: Error[] = [];
    const replies = [Promise.resolve(3), Promise.reject(new Error('out of retries'))];
    const publisher = reportLostPublishes<Publisher>({ publish: () => replies.shift()! }, (error) => lost.push(error));

    await expect(publisher.publish('channel', 'a')).resolves.toBe(3);
    await expect(publisher.publish('channel', 'b')).rejects.toThrow('out of retries');
    expect(lost).toHaveLength(1);
  });
});
