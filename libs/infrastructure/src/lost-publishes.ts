/** What Socket.IO's Redis emitter and adapter call on the client they publish with. */
export interface Publisher {
  publish(channel: string, message: string): Promise<number>;
}

/**
 * Socket.IO's Redis emitter and adapter publish and drop the reply's promise. When a publish fails
 * (the client closed by a shutdown while a live update was on its way, or out of retries while Redis
 * is away), nobody hears the rejection and Node ends the process for it. From here on, each publish
 * of `publisher` hands its failure to `onLost`; a caller that awaits the reply still sees it. A live
 * update lost so reaches the browser by the read its socket makes on reconnecting.
 */
export function reportLostPublishes<T extends Publisher>(publisher: T, onLost: (error: Error) => void): T {
  const publish = publisher.publish.bind(publisher);
  publisher.publish = (channel: string, message: string) => {
    const reply = publish(channel, message);
    reply.catch(onLost);
    return reply;
  };
  return publisher;
}
